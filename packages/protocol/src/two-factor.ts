/**
 * Two-factor sign-in (docs/protocol.md#two-factor): an authenticator app
 * (TOTP) with recovery codes; after the first factor an account with it on
 * gets a single-use second-step ticket instead of a session.
 */
import { z } from 'zod';
import { ZTime } from './common.ts';
import { ZLoginResponse } from './session.ts';

/** A second-step ticket lives this long (single use). */
export const SECOND_STEP_TICKET_MINUTES = 5;
/** "Trust this browser": the second step is skipped this long on the browser. */
export const TRUSTED_BROWSER_DAYS = 30;
/** Changing the password, e-mail, mobile or two-factor settings needs a second factor this recent. */
export const FRESH_SECOND_FACTOR_MINUTES = 10;
/** Recovery codes made at once (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/** The kinds of second factor an account can use in the second step. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type TSecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/**
 * A second factor as typed: six digits from the authenticator app, or a
 * recovery code (`xxxxx-xxxxx`; case, spaces and hyphens do not matter).
 */
export const ZSecondFactorCode = z
  .string()
  .trim()
  .min(6)
  .max(32)
  .regex(/^[0-9A-Za-z\s-]+$/, 'must be six digits or a recovery code');

/** What a login answers instead of a session when the account has two-factor on. */
export const ZSecondStepRequired = z.object({
  secondStep: z.object({
    ticket: z.string(),
    expiresAt: ZTime,
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  }),
});
export type TSecondStepRequired = z.infer<typeof ZSecondStepRequired>;

/**
 * What a login answers instead of a session when the member's company requires
 * two-factor and the account has none yet (docs/product.md#enterprise): a
 * single-use enrolment ticket (SECOND_STEP_TICKET_MINUTES) that only sets up
 * the authenticator app (loginEnrolStart, loginEnrolConfirm) and then gives the session.
 */
export const ZEnrolmentRequired = z.object({
  enrolTwoFactor: z.object({
    ticket: z.string(),
    expiresAt: ZTime,
    companyName: z.string(),
  }),
});
export type TEnrolmentRequired = z.infer<typeof ZEnrolmentRequired>;

/** A password or code login: a session, the second step, or the enrolment a company requires. */
export const ZLoginAnswer = z.union([ZLoginResponse, ZSecondStepRequired, ZEnrolmentRequired]);
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

export const ZSecondStepRequest = z.object({
  ticket: z.string().min(1).max(128),
  code: ZSecondFactorCode,
  /** Skip the second step on this browser for TRUSTED_BROWSER_DAYS (an HttpOnly cookie). */
  trustBrowser: z.boolean().default(false),
});
export type TSecondStepRequest = z.infer<typeof ZSecondStepRequest>;

/** Setting up the authenticator app with an enrolment ticket (no password: the first factor was just given). */
export const ZEnrolStartRequest = z.object({ ticket: z.string().min(1).max(128) });
export const ZEnrolConfirmRequest = z.object({
  ticket: z.string().min(1).max(128),
  code: z.string().regex(/^\d{6}$/),
});
/** The session, and the ten recovery codes (shown once). */
export const ZEnrolConfirmResponse = ZLoginResponse.extend({ recoveryCodes: z.array(z.string()) });
export type TEnrolConfirmResponse = z.infer<typeof ZEnrolConfirmResponse>;

export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: ZTime.nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Whether this session proved a second factor within FRESH_SECOND_FACTOR_MINUTES. */
  fresh: z.boolean(),
  /** The member's company requires two-factor: it cannot be turned off (1600030). */
  requiredByCompany: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** Setting up the authenticator app starts with the current password. */
export const ZTotpStartRequest = z.object({ password: z.string().min(1).max(128) });
export const ZTotpStartResponse = z.object({
  /** Base32, for typing into the app. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (a PNG data URL). */
  qrDataUrl: z.string(),
});
export type TTotpStartResponse = z.infer<typeof ZTotpStartResponse>;

export const ZTotpConfirmRequest = z.object({ code: z.string().regex(/^\d{6}$/) });
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

export const ZSecondFactorRequest = z.object({ code: ZSecondFactorCode });

/** Turning two-factor off: a second factor, or the password in a session with a fresh second factor. */
export const ZTwoFactorDisableRequest = z.union([
  z.object({ code: ZSecondFactorCode }),
  z.object({ password: z.string().min(1).max(128) }),
]);
export type TTwoFactorDisableRequest = z.infer<typeof ZTwoFactorDisableRequest>;

/** Passkeys a member may register (docs/decisions/0047-passkeys.md). */
export const PASSKEY_MAX = 10;
/** A passkey challenge (registration or sign-in) lives this long, single use. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const ZPasskeyName = z.string().trim().min(1).max(64);

/**
 * WebAuthn options as @simplewebauthn/server makes them (JSON, base64url
 * binaries), for @simplewebauthn/browser; `challengeId` names the
 * server-side challenge, sent back with the browser's answer.
 */
export const ZPasskeyOptions = z.object({
  challengeId: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptions>;

/** The browser's answer (RegistrationResponseJSON or AuthenticationResponseJSON), checked by the server. */
export const ZWebAuthnResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().max(1024),
    type: z.literal('public-key'),
    response: z
      .object({ clientDataJSON: z.string().max(4096), userHandle: z.string().max(1024).optional() })
      .passthrough(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  })
  .passthrough();

export const ZPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: ZTime,
  lastUsedAt: ZTime.nullable(),
  /** Whether the passkey is synced between devices (backed up), as the authenticator said. */
  synced: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = z.object({ rows: z.array(ZPasskey) });

export const ZPasskeyRegisterRequest = z.object({
  challengeId: z.string().min(1).max(128),
  response: ZWebAuthnResponse,
  name: ZPasskeyName,
});
export const ZPasskeyRenameRequest = z.object({ id: z.string().uuid(), name: ZPasskeyName });
export const ZPasskeyRemoveRequest = z.object({ id: z.string().uuid() });

export const ZPasskeyAssertion = z.object({
  challengeId: z.string().min(1).max(128),
  response: ZWebAuthnResponse,
});
/** Passwordless sign-in: the options of a discoverable-credential assertion. */
export const ZPasskeySecondStepOptionsRequest = z.object({ ticket: z.string().min(1).max(128) });
export const ZPasskeySecondStepRequest = ZPasskeyAssertion.extend({
  ticket: z.string().min(1).max(128),
  trustBrowser: z.boolean().default(false),
});
