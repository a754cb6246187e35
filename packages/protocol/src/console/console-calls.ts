/**
 * The console's calls as data (docs/decisions/0038-operator-console.md): JSON over HTTPS under
 * the console's base path (ADMIN_BASE_PATH, `/admin`) + `path`, not the member envelope. Each
 * names the permission it needs (null: any staff session) and the session stage it accepts.
 * The server refuses with a catalogue code and its HTTP status, never a 5xx.
 */
import type { z } from 'zod';
import { Code, type TCode } from '../codes.ts';
import { ZTotpStartResponse } from '../two-factor.ts';
import {
  ZAuditExportResponse,
  ZAuditFilter,
  ZAuditListRequest,
  ZAuditListResponse,
  ZBlockRequest,
  ZEmpty,
  ZEndSessionsRequest,
  ZEndSessionsResponse,
  ZExtendRequest,
  ZExtendResponse,
  ZResendActivationRequest,
  ZResendActivationResponse,
  ZSecondFactorRequest,
  ZStaffEnrolConfirmRequest,
  ZStaffEnrolConfirmResponse,
  ZStaffMe,
  ZStaffSignInRequest,
  ZUnbindDeviceRequest,
  ZUnbindDeviceResponse,
  ZUnlockLoginRequest,
  ZUnlockLoginResponse,
  ZUserRef,
  ZUserSearchRequest,
  ZUserSearchResponse,
  ZUserView,
} from './console-shapes.ts';
import type { TStaffPermission } from './staff.ts';

/**
 * `none`: no session (sign-in); `password`: a session whose second factor may still be due (the
 * second step, the enrolment of a first second factor, me, sign-out); `full`: the second factor
 * done (every other call).
 */
export type ConsoleStage = 'none' | 'password' | 'full';

export type ConsoleCall<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = {
  /** Under `<console base>/api`. */
  readonly path: string;
  readonly summary: string;
  readonly stage: ConsoleStage;
  readonly permission: TStaffPermission | null;
  readonly request: Req;
  readonly response: Res;
  /**
   * true: answered without the CSRF header — only `me`, where a reloaded page gets the token from
   * (it changes nothing, and another site cannot read its answer).
   */
  readonly withoutCsrf?: boolean;
  /** `csv`: the answer is a text/csv download. */
  readonly answer?: 'json' | 'csv';
  readonly errors: readonly TCode[];
};

function consoleCall<Req extends z.ZodType, Res extends z.ZodType>(c: ConsoleCall<Req, Res>) {
  return c;
}

/** Every staff session refusal a call of stage `full` can answer. */
const SESSION_ERRORS = [Code.staffSessionRequired, Code.staffSecondFactorRequired, Code.staffCsrfRefused] as const;

export const consoleCalls = {
  session: {
    signIn: consoleCall({
      path: '/session/sign-in',
      summary: 'Staff sign-in, step 1: the password. The session then waits for the second factor.',
      stage: 'none',
      permission: null,
      request: ZStaffSignInRequest,
      response: ZStaffMe,
      errors: [Code.staffSignInFailed, Code.tooManyRequests],
    }),
    secondFactor: consoleCall({
      path: '/session/second-factor',
      summary: 'Staff sign-in, step 2: the second factor completes the session.',
      stage: 'password',
      permission: null,
      request: ZSecondFactorRequest,
      response: ZStaffMe,
      errors: [Code.staffSecondFactorWrong, Code.staffSecondFactorNotEnrolled, Code.tooManyRequests],
    }),
    enrolStart: consoleCall({
      path: '/session/second-factor/enrol',
      summary:
        'Sign-in, step 2 for a staff member without a second factor: a new authenticator-app secret (QR code and key); replaces an unconfirmed one',
      stage: 'password',
      permission: null,
      request: ZEmpty,
      response: ZTotpStartResponse,
      errors: [Code.twoFactorAlreadyOn],
    }),
    enrolConfirm: consoleCall({
      path: '/session/second-factor/enrol/confirm',
      summary:
        "The app's first code turns the second factor on and completes the session; answers ten recovery codes, shown once",
      stage: 'password',
      permission: null,
      request: ZStaffEnrolConfirmRequest,
      response: ZStaffEnrolConfirmResponse,
      errors: [Code.staffSecondFactorWrong, Code.totpSetupMissing, Code.twoFactorAlreadyOn, Code.tooManyRequests],
    }),
    me: consoleCall({
      path: '/session/me',
      summary: 'The signed-in staff member, role, permissions, session stage and CSRF token',
      stage: 'password',
      withoutCsrf: true,
      permission: null,
      request: ZEmpty,
      response: ZStaffMe,
      errors: [Code.staffSessionRequired],
    }),
    signOut: consoleCall({
      path: '/session/sign-out',
      summary: 'Ends the staff session',
      stage: 'password',
      permission: null,
      request: ZEmpty,
      response: ZEmpty,
      errors: [],
    }),
  },
  users: {
    search: consoleCall({
      path: '/users/search',
      summary:
        'Members by email, mobile in any spelling, account id, nickname, name, order number, redeem code, device UUID or company; paged',
      stage: 'full',
      permission: 'users.read',
      request: ZUserSearchRequest,
      response: ZUserSearchResponse,
      errors: SESSION_ERRORS,
    }),
    view: consoleCall({
      path: '/users/view',
      summary:
        'One member: profile, memberships with their source, orders, redeem codes, devices, sessions, bindings, company',
      stage: 'full',
      permission: 'users.read',
      request: ZUserRef,
      response: ZUserView,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
    endSessions: consoleCall({
      path: '/users/end-sessions',
      summary: 'Ends every live session of the member (their next call answers 1000002); audited with the reason',
      stage: 'full',
      permission: 'users.endSessions',
      request: ZEndSessionsRequest,
      response: ZEndSessionsResponse,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
    block: consoleCall({
      path: '/users/block',
      summary: 'Blocks the member: logins answer 1000014 and their sessions end; audited with the reason',
      stage: 'full',
      permission: 'users.block',
      request: ZBlockRequest,
      response: ZEmpty,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
    unblock: consoleCall({
      path: '/users/unblock',
      summary: 'Lifts a block; audited with the reason',
      stage: 'full',
      permission: 'users.block',
      request: ZBlockRequest,
      response: ZEmpty,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
    extendMembership: consoleCall({
      path: '/users/extend-membership',
      summary:
        'A courtesy extension of at most 31 days with a reason: a paid order of type manual replenishment (amount 0) and its membership, audited',
      stage: 'full',
      permission: 'users.extendMembership',
      request: ZExtendRequest,
      response: ZExtendResponse,
      errors: [...SESSION_ERRORS, Code.userNotFound, Code.goodsNotFound],
    }),
    resendActivation: consoleCall({
      path: '/users/resend-activation',
      summary:
        "Mails a new activation link to an unactivated member's email (the old links stay valid until they expire); audited with the reason",
      stage: 'full',
      permission: 'users.resendActivation',
      request: ZResendActivationRequest,
      response: ZResendActivationResponse,
      errors: [
        ...SESSION_ERRORS,
        Code.userNotFound,
        Code.staffMemberAlreadyActivated,
        Code.staffMemberWithoutEmail,
        Code.mailSendTooSoon,
        Code.tooManyRequests,
      ],
    }),
    unbindDevice: consoleCall({
      path: '/users/unbind-device',
      summary:
        "Unbinds one of the member's bound devices (its sessions end, a seat of the limit is free); audited with the reason",
      stage: 'full',
      permission: 'users.unbindDevice',
      request: ZUnbindDeviceRequest,
      response: ZUnbindDeviceResponse,
      errors: [...SESSION_ERRORS, Code.userNotFound, Code.deviceNotFound, Code.staffDeviceNotBound],
    }),
    unlockLogin: consoleCall({
      path: '/users/unlock-login',
      summary:
        "Clears the login failure counters and lock of the member's email and mobile (from every address); audited with the reason",
      stage: 'full',
      permission: 'users.unlockLogin',
      request: ZUnlockLoginRequest,
      response: ZUnlockLoginResponse,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
  },
  audit: {
    list: consoleCall({
      path: '/audit/list',
      summary: 'The staff audit, newest first, filtered by staff, action, target and time',
      stage: 'full',
      permission: 'audit.read',
      request: ZAuditListRequest,
      response: ZAuditListResponse,
      errors: SESSION_ERRORS,
    }),
    export: consoleCall({
      path: '/audit/export',
      summary: 'The same rows as CSV (at most 10 000)',
      stage: 'full',
      permission: 'audit.read',
      request: ZAuditFilter,
      response: ZAuditExportResponse,
      answer: 'csv',
      errors: SESSION_ERRORS,
    }),
  },
};

/** Every console call, for the server to register and the tests to walk. */
export const allConsoleCalls: readonly ConsoleCall[] = Object.values(consoleCalls).flatMap((g) => Object.values(g));
