/**
 * The account's activity (docs/decisions/0045-sign-in-history.md): 90 days of
 * sign-ins, successful and failed, and of security events, read from the
 * security log. The place is the offline IP database's, never a call out.
 */
import { z } from 'zod';
import { ZTime } from './common.ts';

/** How long the activity is kept: older rows are purged by a scheduled job. */
export const ACTIVITY_DAYS = 90;

/** The security log's events of a sign-in (`login.failed` one that failed). */
export const SIGN_IN_EVENTS = [
  'login.password',
  'login.code',
  'login.third',
  'third.login',
  'login.passkey',
  'login.device',
  'login.failed',
] as const;

/** The security log's events the activity shows as security events. */
export const SECURITY_EVENTS = [
  'password.changed',
  'password.reset',
  'profile.contactChanged',
  'twoFactor.enabled',
  'twoFactor.disabled',
  'twoFactor.recoveryCodesRenewed',
  'twoFactor.passkeyAdded',
  'twoFactor.passkeyRemoved',
  'deviceSignIn.approved',
  'third.bound',
  'third.unbound',
  'device.bind',
  'device.unbind',
  'session.signedOut',
  'session.signedOutOthers',
  'session.notMe',
] as const;
export type TSecurityEvent = (typeof SECURITY_EVENTS)[number];

/** How a sign-in proved who it was: a third party's type (`wx`, `google`, …) is `third:<type>`. */
export const ZSignInMethod = z.string();

export const ZActivityPlace = z.object({
  /** ISO 3166-1 alpha-2, or null when the database does not know the address. */
  country: z.string().nullable(),
  region: z.string(),
  city: z.string(),
  /** A private or loopback address: "local network". */
  local: z.boolean(),
});
export type TActivityPlace = z.infer<typeof ZActivityPlace>;

export const ZActivityRow = z.object({
  id: z.string(),
  at: ZTime,
  /** A sign-in (successful or failed) or a security event. */
  kind: z.enum(['signIn', 'event']),
  /** For a sign-in whether it succeeded; a security event is always true. */
  success: z.boolean(),
  /** For a sign-in: `password`, `code`, `secondStep`, `passkey`, `device`, `third:<type>`; for an event its name (SECURITY_EVENTS). */
  what: z.string(),
  /** E.g. the fields changed or the third party bound. */
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  place: ZActivityPlace.nullable(),
  clientType: z.string().nullable(),
  /** Browser and operating system as the user agent names them ("Chrome 131", "Windows 10"), or null. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
});
export type TActivityRow = z.infer<typeof ZActivityRow>;
export const ZActivityList = z.object({ rows: z.array(ZActivityRow) });
export type TActivityList = z.infer<typeof ZActivityList>;

export const ZActivityRequest = z.object({
  /** Only sign-ins, only security events, or both (default). */
  kind: z.enum(['all', 'signIn', 'event']).default('all'),
});
export const ZNotMeRequest = z.object({ id: z.string().regex(/^\d{1,18}$/) });
