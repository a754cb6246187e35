/** Login, logout, sessions and the logged-in user (docs/protocol.md#sessions). */
import { z } from 'zod';
import { ZActivityList, ZActivityRequest, ZNotMeRequest } from '../activity.ts';
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import { ZActiveSessions, ZSignOutRequest } from '../devices.ts';
import {
  ZExchangeHandoverRequest,
  ZHandoverResponse,
  ZLoginByCodeRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZUserInfoResponse,
} from '../session.ts';
import {
  ZEnrolConfirmRequest,
  ZEnrolConfirmResponse,
  ZEnrolStartRequest,
  ZLoginAnswer,
  ZPasskeyAssertion,
  ZPasskeyOptions,
  ZPasskeySecondStepOptionsRequest,
  ZPasskeySecondStepRequest,
  ZSecondStepRequest,
  ZTotpStartResponse,
} from '../two-factor.ts';

export const session = {
  userInfo: defineContract({
    path: '/user/v5/sysuser/userInfo',
    summary: 'The logged-in user, storage and current membership',
    tag: 'session',
    auth: true,
    request: ZEmpty,
    response: ZUserInfoResponse,
  }),
  login: defineContract({
    path: '/user/v5/sysuser/login',
    summary:
      'Log in with email or mobile and password; an account with two-step verification gets a second-step ticket instead of a session (a CAD client: 1600003)',
    tag: 'session',
    auth: false,
    request: ZLoginRequest,
    response: ZLoginAnswer,
    errors: [
      Code.loginFailed,
      Code.accountNotActivated,
      Code.accountBlocked,
      Code.accountOnOtherNode,
      Code.twoFactorUseDeviceSignIn,
      Code.tooManyRequests,
    ],
  }),
  loginByCode: defineContract({
    path: '/user/v5/sysuser/loginByCode',
    summary:
      'Log in with a code sent by mail or SMS (purpose "login"); with two-step verification, a second-step ticket instead of a session',
    tag: 'session',
    auth: false,
    request: ZLoginByCodeRequest,
    response: ZLoginAnswer,
    errors: [
      Code.codeInvalid,
      Code.accountNotActivated,
      Code.accountBlocked,
      Code.accountOnOtherNode,
      Code.twoFactorUseDeviceSignIn,
      Code.tooManyRequests,
    ],
  }),
  loginSecondStep: defineContract({
    path: '/user/v5/sysuser/loginSecondStep',
    summary:
      'Finish a login with its second-step ticket (5 minutes, single use) and an app or recovery code; optionally trust this browser for 30 days',
    tag: 'session',
    auth: false,
    request: ZSecondStepRequest,
    response: ZLoginResponse,
    errors: [Code.secondFactorInvalid, Code.secondStepExpired, Code.accountBlocked, Code.tooManyRequests],
  }),
  passkeyLoginOptions: defineContract({
    path: '/user/v5/sysuser/passkeyLoginOptions',
    summary:
      'Start a sign-in with a passkey (no account or password): WebAuthn request options for a discoverable credential and the id of their single-use challenge (5 minutes)',
    tag: 'session',
    auth: false,
    request: ZEmpty,
    response: ZPasskeyOptions,
  }),
  passkeyLogin: defineContract({
    path: '/user/v5/sysuser/passkeyLogin',
    summary:
      "Sign in with a passkey: the browser's assertion for the challenge; a user-verified passkey counts as both factors (failures are counted like password logins)",
    tag: 'session',
    auth: false,
    request: ZPasskeyAssertion,
    response: ZLoginResponse,
    errors: [
      Code.passkeyChallengeExpired,
      Code.passkeyInvalid,
      Code.accountNotActivated,
      Code.accountBlocked,
      Code.tooManyRequests,
    ],
  }),
  passkeySecondStepOptions: defineContract({
    path: '/user/v5/sysuser/passkeySecondStepOptions',
    summary:
      "WebAuthn request options for the second step of a login with a passkey (the ticket's account's passkeys) and the id of their single-use challenge",
    tag: 'session',
    auth: false,
    request: ZPasskeySecondStepOptionsRequest,
    response: ZPasskeyOptions,
    errors: [Code.secondStepExpired, Code.passkeyNotFound],
  }),
  loginSecondStepPasskey: defineContract({
    path: '/user/v5/sysuser/loginSecondStepPasskey',
    summary:
      'Finish a login with its second-step ticket and a passkey assertion; optionally trust this browser for 30 days',
    tag: 'session',
    auth: false,
    request: ZPasskeySecondStepRequest,
    response: ZLoginResponse,
    errors: [
      Code.passkeyChallengeExpired,
      Code.passkeyInvalid,
      Code.secondStepExpired,
      Code.accountBlocked,
      Code.tooManyRequests,
    ],
  }),
  loginEnrolStart: defineContract({
    path: '/user/v5/sysuser/loginEnrolStart',
    summary:
      "A login's enrolment ticket (the company requires two-step verification): a new authenticator secret, its otpauth URL and QR code",
    tag: 'session',
    auth: false,
    request: ZEnrolStartRequest,
    response: ZTotpStartResponse,
    errors: [Code.secondStepExpired, Code.twoFactorAlreadyOn, Code.tooManyRequests],
  }),
  loginEnrolConfirm: defineContract({
    path: '/user/v5/sysuser/loginEnrolConfirm',
    summary:
      'Finish a login with its enrolment ticket and a first code from the app: two-step verification is on, answers the session and ten recovery codes (shown once)',
    tag: 'session',
    auth: false,
    request: ZEnrolConfirmRequest,
    response: ZEnrolConfirmResponse,
    errors: [
      Code.secondFactorInvalid,
      Code.secondStepExpired,
      Code.totpSetupMissing,
      Code.accountBlocked,
      Code.tooManyRequests,
    ],
  }),
  logout: defineContract({
    path: '/user/v5/sysuser/logout',
    summary: 'End this session',
    tag: 'session',
    auth: true,
    request: ZEmpty,
    response: z.object({}),
  }),
  setTicket: defineContract({
    path: '/user/v5/sysuser/setTicket',
    summary:
      "Make this session the browser's HttpOnly ticket cookie (gstarsso_ticket), which same-origin downloads use: the portal calls it when it takes a session from a link (a handover code or ?utoken=) after the user confirmed",
    tag: 'session',
    auth: true,
    request: ZEmpty,
    response: z.object({}),
  }),
  createHandover: defineContract({
    path: '/user/v5/sysuser/createHandover',
    summary:
      'A one-time code (60 s) that opens the portal logged in as this user: the client opens <portal>?handover=<code>',
    tag: 'session',
    auth: true,
    request: ZEmpty,
    response: ZHandoverResponse,
  }),
  exchangeHandover: defineContract({
    path: '/user/v5/sysuser/exchangeHandover',
    summary:
      'Exchange a handover code for a new session of its user (single use, 60 s; 0000005 when invalid); sets no cookie: the portal asks the user first, then calls setTicket',
    tag: 'session',
    auth: false,
    request: ZExchangeHandoverRequest,
    response: ZLoginResponse,
    errors: [Code.sessionExpired],
  }),
  listActive: defineContract({
    path: '/user/v5/sysuser/sessionList',
    summary:
      'My live sessions, browsers of the portal and CAD clients: client type, device, IP, started, last seen; marks the current one',
    tag: 'session',
    auth: true,
    request: ZEmpty,
    response: ZActiveSessions,
  }),
  signOut: defineContract({
    path: '/user/v5/sysuser/signOutSession',
    summary: 'Sign out one of my sessions: its next call answers 1000002',
    tag: 'session',
    auth: true,
    request: ZSignOutRequest,
    response: z.object({}),
    errors: [Code.sessionNotFound],
  }),
  signOutOthers: defineContract({
    path: '/user/v5/sysuser/signOutOthers',
    summary: 'Sign out every session of mine but this one',
    tag: 'session',
    auth: true,
    request: ZEmpty,
    response: z.object({ count: z.number().int() }),
  }),
  activity: defineContract({
    path: '/user/v5/sysuser/activity',
    summary:
      'My activity of the last 90 days, newest first: sign-ins (successful and failed: time, IP, approximate place, client, browser, method) and security events',
    tag: 'session',
    auth: true,
    request: ZActivityRequest,
    response: ZActivityList,
  }),
  notMe: defineContract({
    path: '/user/v5/sysuser/notMe',
    summary:
      '"This wasn\'t me" on a row of my activity: every session of mine ends (this one too) and no browser stays trusted; the member then sets a new password',
    tag: 'session',
    auth: true,
    request: ZNotMeRequest,
    response: z.object({ ended: z.number().int() }),
    errors: [Code.activityNotFound],
  }),
};
