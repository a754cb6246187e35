/**
 * Device sign-in (docs/protocol.md#device-sign-in), the device authorization
 * grant of RFC 8628 over the envelope: a CAD client that cannot show a login
 * (an account with two-step verification) asks for a device code and a short
 * user code, the user approves it at `/device` in the portal, and the client
 * polls until it gets its session.
 */
import { z } from 'zod';
import { ZTime, zDisplayText } from './common.ts';

/** A device code and its user code live this long (`expiresIn`). */
export const DEVICE_CODE_TTL_SECONDS = 600;
/** The first polling interval; each slowDown (2700002) adds DEVICE_POLL_SLOW_DOWN_SECONDS. */
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
export const DEVICE_POLL_SLOW_DOWN_SECONDS = 5;
/** User codes: 8 letters of this alphabet (no vowels, no look-alikes; RFC 8628 §6.1), shown as XXXX-XXXX. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;
/** The portal's page where the user enters the code (under the region's base path). */
export const DEVICE_PAGE_PATH = '/device';

/** `bcdf ghjk`, `BCDF-GHJK` → `BCDFGHJK`: case, spaces and hyphens do not matter. */
export function normalizeUserCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

/** `BCDFGHJK` → `BCDF-GHJK`. */
export function formatUserCode(code: string): string {
  const c = normalizeUserCode(code);
  return c.length === USER_CODE_LENGTH ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}

/** A user code as typed; the server compares its normalized form. */
export const ZUserCode = z
  .string()
  .trim()
  .min(USER_CODE_LENGTH)
  .max(16)
  .regex(/^[A-Za-z\s-]+$/, 'must be the 8 letters shown by the client');

/** The client starts: its type, version and device uuid come from clientInfo, the name it shows from here. */
export const ZDeviceSignInStartRequest = z.object({ deviceName: zDisplayText(1, 128) });

export const ZDeviceSignInStartResponse = z.object({
  /** Secret of the client: polled with, stored hashed. */
  deviceCode: z.string(),
  /** What the user types at verificationUri, `XXXX-XXXX`. */
  userCode: z.string(),
  verificationUri: z.string(),
  /** verificationUri with `?code=<userCode>`: to open or show as a QR code. */
  verificationUriComplete: z.string(),
  expiresIn: z.number().int(),
  /** Seconds to wait between polls. */
  interval: z.number().int(),
});
export type TDeviceSignInStartResponse = z.infer<typeof ZDeviceSignInStartResponse>;

export const ZDeviceSignInPollRequest = z.object({ deviceCode: z.string().min(1).max(128) });

export const ZUserCodeRequest = z.object({ userCode: ZUserCode });

/** What the user sees before approving: which client, from where, when. */
export const ZDeviceSignInRequestView = z.object({
  userCode: z.string(),
  clientType: z.string(),
  clientVersion: z.string(),
  deviceName: z.string(),
  ip: z.string().nullable(),
  requestedAt: ZTime,
  expiresAt: ZTime,
});
export type TDeviceSignInRequestView = z.infer<typeof ZDeviceSignInRequestView>;
