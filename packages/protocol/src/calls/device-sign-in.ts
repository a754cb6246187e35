/** Device sign-in of CAD clients, RFC 8628 style (docs/protocol.md#device-sign-in). */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import {
  ZDeviceSignInPollRequest,
  ZDeviceSignInRequestView,
  ZDeviceSignInStartRequest,
  ZDeviceSignInStartResponse,
  ZUserCodeRequest,
} from '../device-sign-in.ts';
import { ZLoginResponse } from '../session.ts';

export const deviceSignIn = {
  start: defineContract({
    path: '/user/v5/deviceSignIn/start',
    summary:
      'A CAD client asks to be signed in through the browser: a device code to poll with, a user code XXXX-XXXX for the user to enter at verificationUri (PUBLIC_URL + base path + /device), valid 600 s, polled every `interval` s',
    tag: 'deviceSignIn',
    auth: false,
    request: ZDeviceSignInStartRequest,
    response: ZDeviceSignInStartResponse,
  }),
  poll: defineContract({
    path: '/user/v5/deviceSignIn/poll',
    summary:
      'The client polls with its device code: 2700001 pending, 2700002 too fast (the interval grows by 5 s), 2700003 denied, 2700004 expired, 2700005 unknown or already used; once approved, the session of the client (once)',
    tag: 'deviceSignIn',
    auth: false,
    request: ZDeviceSignInPollRequest,
    response: ZLoginResponse,
    errors: [
      Code.deviceSignInPending,
      Code.deviceSignInSlowDown,
      Code.deviceSignInDenied,
      Code.deviceSignInExpired,
      Code.deviceCodeInvalid,
      Code.accountBlocked,
    ],
  }),
  lookup: defineContract({
    path: '/user/v5/deviceSignIn/lookup',
    summary:
      'The /device page: the pending request of a user code (client type, device name, IP, time); wrong codes are throttled per account and per IP',
    tag: 'deviceSignIn',
    auth: true,
    request: ZUserCodeRequest,
    response: ZDeviceSignInRequestView,
    errors: [Code.userCodeInvalid, Code.tooManyRequests],
  }),
  approve: defineContract({
    path: '/user/v5/deviceSignIn/approve',
    summary:
      'Approve the pending request of a user code: its client gets a session of this account at its next poll; with two-step verification on, needs a second factor of the last 10 minutes (1600004)',
    tag: 'deviceSignIn',
    auth: true,
    request: ZUserCodeRequest,
    response: z.object({}),
    errors: [Code.userCodeInvalid, Code.secondFactorRequired, Code.tooManyRequests],
  }),
  deny: defineContract({
    path: '/user/v5/deviceSignIn/deny',
    summary: 'Deny the pending request of a user code: its client is answered 2700003',
    tag: 'deviceSignIn',
    auth: true,
    request: ZUserCodeRequest,
    response: z.object({}),
    errors: [Code.userCodeInvalid, Code.tooManyRequests],
  }),
};
