/** The logged-in user's profile (docs/product.md#rules). */
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import { ZDataExportStatus, ZMarketingConsentRequest, ZProfileRequest, ZUserDetail } from '../profile.ts';

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
    errors: [
      Code.codeInvalid,
      Code.addressTaken,
      Code.reauthRequired,
      Code.passwordWrong,
      Code.secondFactorRequired,
      Code.tooManyRequests,
    ],
  }),
  setMarketingConsent: defineContract({
    path: '/user/v5/sysuser/setMarketingConsent',
    summary:
      'Give or withdraw the consent to product news and offers by email (docs/product.md#privacy); answers the profile',
    tag: 'profile',
    auth: true,
    request: ZMarketingConsentRequest,
    response: ZUserDetail,
    errors: [Code.tooManyRequests],
  }),
  dataExportStatus: defineContract({
    path: '/user/v5/sysuser/dataExport/status',
    summary: "The member's latest personal data export: its state, link expiry and when the next may be asked for",
    tag: 'profile',
    auth: true,
    request: ZEmpty,
    response: ZDataExportStatus,
  }),
  requestDataExport: defineContract({
    path: '/user/v5/sysuser/dataExport/request',
    summary:
      'Ask for a personal data export (docs/product.md#privacy): a ZIP built in the background and mailed as a link that works once, for 24 hours; one a day',
    tag: 'profile',
    auth: true,
    request: ZEmpty,
    response: ZDataExportStatus,
    errors: [Code.dataExportOncePerDay, Code.dataExportNeedsEmail, Code.tooManyRequests],
  }),
};
