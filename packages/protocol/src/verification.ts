/** Verification-code calls (docs/api.md). */
import { z } from 'zod';
import { ZEmail, ZMobile } from './common.ts';
import { CODE_PURPOSES } from './enums.ts';

export const ZCodePurpose = z.enum(CODE_PURPOSES);
/**
 * Purposes that need a session: the code goes to the user's own or new
 * address. `verifyCurrent` proves the user still holds the current address
 * before the email or mobile moves (see `reauthAddress` in profile.ts).
 */
export const SESSION_CODE_PURPOSES = [
  'bindEmail',
  'bindMobile',
  'changePassword',
  'cancelAccount',
  'verifyCurrent',
] as const;

/** `ticket` comes from kaptchaVerify; needed after 3 sends to a target or from an IP in an hour (1100010). */
export const ZSendEmailCodeRequest = z.object({
  email: ZEmail,
  purpose: ZCodePurpose,
  ticket: z.string().max(128).optional(),
});
export const ZSendSmsCodeRequest = z.object({
  mobile: ZMobile,
  purpose: ZCodePurpose,
  ticket: z.string().max(128).optional(),
});
export const ZSendCodeResponse = z.object({ resendAfter: z.number().int() });
export type TSendCodeResponse = z.infer<typeof ZSendCodeResponse>;

export const CODE_TTL_MINUTES = 10;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_MAX_PER_HOUR = 5;
export const CODE_MAX_PER_DAY = 10;
/**
 * Texts abroad (asked for without a session, to a number outside the region's own countries) per
 * country calling code in 24 hours, unless SMS_COUNTRY_DAILY_BUDGET says otherwise; past it 1200013.
 */
export const SMS_COUNTRY_DAILY_BUDGET = 200;

export const ZSmsCodeVerifyRequest = z.object({
  mobile: ZMobile,
  code: z.string().regex(/^\d{6}$/),
  purpose: ZCodePurpose,
});
export const ZSmsCodeVerifyResponse = z.object({ verified: z.literal(true) });
