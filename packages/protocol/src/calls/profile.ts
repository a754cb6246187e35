/** Profile, password, account deletion and devices of the logged-in user. */

import { z } from 'zod';
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import {
  ZDeviceBindRequest,
  ZDeviceList,
  ZDeviceListRequest,
  ZDeviceReportRequest,
  ZDeviceReportResponse,
  ZDeviceUnbindRequest,
} from '../devices.ts';
import { ZCancelAccountRequest, ZProfileRequest, ZUpdatePasswordRequest, ZUserDetail } from '../profile.ts';

export const profile = {
  getUserDetail: defineContract({
    path: '/user/v5/sysuser/getUserDetail',
    summary: 'The profile of the logged-in user',
    tag: 'profile',
    auth: true,
    request: ZEmpty,
    response: ZUserDetail,
  }),
  update: defineContract({
    path: '/user/v5/sysuser/profile',
    summary:
      'Update the profile; a new email / mobile needs emailCode / mobileCode sent to it (purpose bindEmail / bindMobile), and from a login older than 15 minutes the current password or currentCode (purpose verifyCurrent, to the current address)',
    tag: 'profile',
    auth: true,
    request: ZProfileRequest,
    response: ZUserDetail,
    errors: [Code.codeInvalid, Code.addressTaken, Code.reauthRequired, Code.passwordWrong, Code.tooManyRequests],
  }),
};

export const password = {
  update: defineContract({
    path: '/user/v5/sysuser/updatePassword',
    summary:
      'Change the password, proven by the current one or by a code sent to the own mobile (purpose changePassword); other sessions end',
    tag: 'profile',
    auth: true,
    request: ZUpdatePasswordRequest,
    response: z.object({}),
    errors: [
      Code.passwordWrong,
      Code.codeInvalid,
      Code.passwordPolicy,
      Code.passwordBreached,
      Code.passwordSameAsAccount,
      Code.tooManyRequests,
    ],
  }),
};

export const account = {
  cancel: defineContract({
    path: '/user/v5/sysuser/userCancelAccount',
    summary:
      'Delete the account: agreement accepted, code sent to the own mobile or email (purpose cancelAccount); every session ends',
    tag: 'profile',
    auth: true,
    request: ZCancelAccountRequest,
    response: z.object({}),
    errors: [Code.codeInvalid],
  }),
};

export const devices = {
  list: defineContract({
    path: '/user/v5/device/list',
    summary: 'My devices and whether each is bound',
    tag: 'devices',
    auth: true,
    request: ZDeviceListRequest,
    response: ZDeviceList,
  }),
  report: defineContract({
    path: '/user/v5/device/report',
    summary:
      "A CAD client reports its device after login (uuid, MAC, name, model, client version): recorded with the request's IP and time, and tied to the session; beyond the membership's concurrent client sessions the oldest is replaced (1000008)",
    tag: 'devices',
    auth: true,
    request: ZDeviceReportRequest,
    response: ZDeviceReportResponse,
    errors: [Code.portalIsNoDevice],
  }),
  bind: defineContract({
    path: '/user/v5/device/bind',
    summary: "Bind a reported device; at most the membership's limit of bound devices (1500002 names it)",
    tag: 'devices',
    auth: true,
    request: ZDeviceBindRequest,
    response: z.object({}),
    errors: [Code.deviceNotFound, Code.deviceLimitReached],
  }),
  unbind: defineContract({
    path: '/user/v5/device/unbind',
    summary:
      'Unbind a device and end its sessions; from a login older than 15 minutes the current password or currentCode (purpose verifyCurrent, to the own email, else mobile)',
    tag: 'devices',
    auth: true,
    request: ZDeviceUnbindRequest,
    response: z.object({}),
    errors: [Code.deviceNotFound, Code.reauthRequired, Code.passwordWrong, Code.codeInvalid, Code.tooManyRequests],
  }),
};
