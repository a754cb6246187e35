/**
 * Profile and account security calls (docs/api.md):
 * user detail, profile update, avatar, password change, image captcha,
 * account deletion.
 */
import { z } from 'zod';
import { ZEmail, ZMobile, ZTime, zDisplayText } from './common.ts';
import { buildDictionary } from './dictionary.ts';
import { ZTradeAccount } from './trade.ts';

const COUNTRIES: ReadonlySet<string> = new Set(buildDictionary().countries);

/** A 6-digit verification code. */
export const ZCodeDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code');

/** A country code of the dictionary (`<base>/dict.json` countries), e.g. "US". */
export const ZCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => COUNTRIES.has(c), 'must be a country code of the dictionary');

export const ZUserDetail = z.object({
  id: z.string(),
  name: z.string(),
  nickName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  location: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  favicon: z.string().nullable(),
  sex: z.number().int(),
  hasPassword: z.boolean(),
  /** Product news and offers by email, given at registration and changed with setMarketingConsent. */
  marketingConsent: z.boolean(),
  registerDate: ZTime,
  updateTime: ZTime,
  /** China build only: the trade account (calls.trade). */
  trade: ZTradeAccount.optional(),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

export const ZMarketingConsentRequest = z.object({ consent: z.boolean() });

/** Moving the email or mobile needs a login younger than this, or a re-authentication (1100021). */
export const REAUTH_AFTER_MINUTES = 15;

/**
 * Where the `verifyCurrent` code of a re-authentication goes when `changing`
 * moves: the current address of the same kind, else the other one; null when
 * the account has neither (then only the password re-authenticates).
 */
export function reauthAddress(
  current: { email: string | null; mobile: string | null },
  changing: 'email' | 'mobile',
): { channel: 'email' | 'sms'; target: string } | null {
  const order = changing === 'email' ? (['email', 'mobile'] as const) : (['mobile', 'email'] as const);
  for (const kind of order) {
    const target = current[kind];
    if (target) return { channel: kind === 'email' ? 'email' : 'sms', target };
  }
  return null;
}

/**
 * Absent fields stay as they are; `""` clears location, company or position.
 * A changed email or mobile needs the code sent to the NEW address (purpose
 * bindEmail / bindMobile); the same address as now needs no code. It also
 * needs a re-authentication when the session's login is older than
 * REAUTH_AFTER_MINUTES (else 1100021): the current `password`, or
 * `currentCode`, a code of purpose verifyCurrent sent to `reauthAddress`
 * (the email's when both move).
 */
export const ZProfileRequest = z.object({
  nickName: zDisplayText(1, 64),
  location: z.union([z.literal(''), ZCountryCode]).optional(),
  company: zDisplayText(0, 128).optional(),
  position: zDisplayText(0, 64).optional(),
  email: ZEmail.optional(),
  emailCode: ZCodeDigits.optional(),
  mobile: ZMobile.optional(),
  mobileCode: ZCodeDigits.optional(),
  password: z.string().min(1).max(128).optional(),
  currentCode: ZCodeDigits.optional(),
});
export type TProfileRequest = z.infer<typeof ZProfileRequest>;

/** The avatar rules of docs/product.md#rules (checked again by the server on the file's content). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZES = [150, 200, 300] as const;
export const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const;
export const ZAvatarResponse = z.object({ favicon: z.string() });
export type TAvatarResponse = z.infer<typeof ZAvatarResponse>;

/** The new password is checked by the server policy (1000010 / 1000011 / 1000012). */
export const ZUpdatePasswordRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('password'),
    oldPassword: z.string().min(1).max(128),
    newPassword: z.string().min(1).max(128),
  }),
  z.object({
    type: z.literal('mobile'),
    mobileCode: ZCodeDigits,
    newPassword: z.string().min(1).max(128),
  }),
]);
export type TUpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequest>;

/** Image captcha: answers are case-insensitive, one try per image, 5 minutes. */
export const CAPTCHA_TTL_MINUTES = 5;
/** The ticket kaptchaVerify gives: single use, 10 minutes. */
export const CAPTCHA_TICKET_TTL_MINUTES = 10;
/** Code sends to one target in an hour before sendSmsCode / sendEmailCode need a ticket. */
export const CAPTCHA_FREE_SENDS_PER_TARGET = 3;
/**
 * Code sends from one IP in an hour before a ticket is needed: higher than
 * per target, because offices and mobile carriers put many people behind one
 * address.
 */
export const CAPTCHA_FREE_SENDS_PER_IP = 10;

export const ZKaptchaResponse = z.object({
  imageKey: z.string(),
  /** `data:image/svg+xml;base64,…` */
  image: z.string(),
});
export type TKaptchaResponse = z.infer<typeof ZKaptchaResponse>;
export const ZKaptchaVerifyRequest = z.object({
  imageKey: z.string().uuid(),
  answer: z.string().trim().min(1).max(16),
});
export const ZKaptchaVerifyResponse = z.object({ ticket: z.string() });
export type TKaptchaVerifyResponse = z.infer<typeof ZKaptchaVerifyResponse>;

/** The code goes to the user's own mobile (`sms`) or email (`email`), purpose cancelAccount. */
export const ZCancelAccountRequest = z.object({
  agree: z.literal(true),
  code: ZCodeDigits,
  channel: z.enum(['sms', 'email']),
});
export type TCancelAccountRequest = z.infer<typeof ZCancelAccountRequest>;

/** The personal data export (docs/product.md#privacy): at most one a day; its link works once and this long. */
export const DATA_EXPORT_EVERY_HOURS = 24;
export const DATA_EXPORT_LINK_HOURS = 24;
export const DATA_EXPORT_STATUSES = ['none', 'pending', 'ready', 'downloaded', 'expired', 'failed'] as const;

/** The member's latest export: `pending` while it is built, `ready` once the link is mailed. */
export const ZDataExportStatus = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: ZTime.nullable(),
  /** When the mailed link stops working (ready only). */
  expiresAt: ZTime.nullable(),
  /** When another export may be asked for (null: now). */
  nextAllowedAt: ZTime.nullable(),
});
export type TDataExportStatus = z.infer<typeof ZDataExportStatus>;
