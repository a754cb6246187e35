/** Verification-code calls (API.md "Profile and security"). */
import { z } from 'zod';
import { ZEmail, ZMobile } from './common.ts';

/** Purposes served so far; the profile work adds the others of CODE_PURPOSES. */
export const ZCodePurposeServed = z.enum(['login']);

export const ZSendEmailCodeRequest = z.object({ email: ZEmail, purpose: ZCodePurposeServed });
export const ZSendSmsCodeRequest = z.object({
  mobile: ZMobile,
  purpose: ZCodePurposeServed,
  ticket: z.string().max(128).optional(),
});
export const ZSendCodeResponse = z.object({ resendAfter: z.number().int() });
export type TSendCodeResponse = z.infer<typeof ZSendCodeResponse>;

export const CODE_TTL_MINUTES = 10;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_MAX_PER_HOUR = 5;
export const CODE_MAX_PER_DAY = 10;
