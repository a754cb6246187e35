/**
 * The China trade account (docs/decisions/0009-trade-account.md): only in
 * the China build, and only for trade client types (others: 1300001). The
 * lists and the masked identity come with getUserDetail (`trade`).
 */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import {
  ZCashAccount,
  ZCheckCashPasswordRequest,
  ZEducation,
  ZEntryId,
  ZJob,
  ZSaveAuthenticationRequest,
  ZSaveCashAccountRequest,
  ZSaveDetailsRequest,
  ZSaveEducationRequest,
  ZSaveJobRequest,
  ZSetCashPasswordRequest,
  ZTradeAccount,
} from '../trade.ts';

const common = { tag: 'trade', auth: true, regions: ['cn'] } as const;
const ZOk = z.object({});

export const trade = {
  saveDetails: defineContract({
    ...common,
    path: '/user/v5/sysuser/saveDetailsInfo',
    summary: 'Save the trade details: sex, birth year, industry, education level',
    request: ZSaveDetailsRequest,
    response: ZTradeAccount,
    errors: [Code.noPermission],
  }),
  saveEducation: defineContract({
    ...common,
    path: '/user/v5/sysuser/saveEducation',
    summary: 'Add an education entry (at most 20)',
    request: ZSaveEducationRequest,
    response: ZEducation,
    errors: [Code.noPermission, Code.tradeListFull],
  }),
  deleteEducation: defineContract({
    ...common,
    path: '/user/v5/sysuser/deleteEducation',
    summary: 'Delete an own education entry',
    request: ZEntryId,
    response: ZOk,
    errors: [Code.noPermission, Code.tradeEntryNotFound],
  }),
  saveWork: defineContract({
    ...common,
    path: '/user/v5/sysuser/saveWork',
    summary: 'Add a work-experience entry (at most 20)',
    request: ZSaveJobRequest,
    response: ZJob,
    errors: [Code.noPermission, Code.tradeListFull],
  }),
  deleteWork: defineContract({
    ...common,
    path: '/user/v5/sysuser/deleteWork',
    summary: 'Delete an own work-experience entry',
    request: ZEntryId,
    response: ZOk,
    errors: [Code.noPermission, Code.tradeEntryNotFound],
  }),
  saveAuthentication: defineContract({
    ...common,
    path: '/user/v5/sysuser/saveAuthentication',
    summary:
      'Verify the identity once: real name and resident ID number (GB 11643 check digit) checked by the real-name provider (5 tries a day), kept encrypted, answered masked',
    request: ZSaveAuthenticationRequest,
    response: ZTradeAccount,
    errors: [
      Code.noPermission,
      Code.identityVerified,
      Code.identityMismatch,
      Code.identityNotFound,
      Code.identityServiceBusy,
      Code.identityAttemptsExhausted,
    ],
  }),
  setCashPassword: defineContract({
    ...common,
    path: '/user/v5/sysuser/setCashPassword',
    summary: 'Set the 6-digit cash password; changing it needs the old one (5 wrong tries lock for 15 minutes)',
    request: ZSetCashPasswordRequest,
    response: ZOk,
    errors: [Code.noPermission, Code.cashPasswordWrong, Code.cashPasswordLocked],
  }),
  checkCashPassword: defineContract({
    ...common,
    path: '/user/v5/sysuser/checkCashPassword',
    summary: 'Check the cash password (5 wrong tries lock for 15 minutes)',
    request: ZCheckCashPasswordRequest,
    response: ZOk,
    errors: [Code.noPermission, Code.cashPasswordNotSet, Code.cashPasswordWrong, Code.cashPasswordLocked],
  }),
  saveCashAccount: defineContract({
    ...common,
    path: '/user/v5/sysuser/saveCashAccount',
    summary: 'Add a cash-out account (Alipay or bank card), proven by the cash password; the first one is the default',
    request: ZSaveCashAccountRequest,
    response: ZCashAccount,
    errors: [
      Code.noPermission,
      Code.cashPasswordNotSet,
      Code.cashPasswordWrong,
      Code.cashPasswordLocked,
      Code.tradeListFull,
    ],
  }),
  deleteCashAccount: defineContract({
    ...common,
    path: '/user/v5/sysuser/deleteCashAccount',
    summary: 'Delete an own cash-out account; when it was the default, the newest other one becomes the default',
    request: ZEntryId,
    response: ZOk,
    errors: [Code.noPermission, Code.tradeEntryNotFound],
  }),
  setDefCashAccount: defineContract({
    ...common,
    path: '/user/v5/sysuser/setDefCashAccount',
    summary: 'Make an own cash-out account the default',
    request: ZEntryId,
    response: ZOk,
    errors: [Code.noPermission, Code.tradeEntryNotFound],
  }),
};
