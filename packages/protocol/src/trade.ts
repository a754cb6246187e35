/**
 * The China trade account (docs/decisions/0009-trade-account.md): details,
 * education, work experience, identity verification and cash-out settings.
 * The forms reuse these schemas; the server checks them again.
 */
import { z } from 'zod';
import { EDUCATION_LEVELS, INDUSTRIES } from './dictionary.ts';

/** The birth / graduation year list runs from the current year back to 1970 (docs/product.md#messages-and-timing). */
export const FIRST_YEAR = 1970;
export function yearOptions(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = now.getFullYear(); y >= FIRST_YEAR; y--) years.push(y);
  return years;
}
export const ZYear = z
  .number()
  .int()
  .min(FIRST_YEAR)
  .refine((y) => y <= new Date().getFullYear(), 'must not be in the future');

/** Entries kept per list (education, jobs, cash accounts). */
export const TRADE_LIST_MAX = 20;
/** Wrong cash passwords in a row before the check locks, and for how long. */
export const CASH_PASSWORD_MAX_FAILURES = 5;
export const CASH_PASSWORD_LOCK_MINUTES = 15;
/** Real-name verifications one account may ask for in a day (China Standard Time; IDENTITY_DAILY_ATTEMPTS). */
export const IDENTITY_DAILY_ATTEMPTS = 5;

// --- resident identity card number (GB 11643-1999) ---

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The check character of the first 17 digits: Σ(digit × weight) mod 11 → "10X98765432". */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/** 18 characters: 6-digit area, a real birth date (1900 … today), 3-digit sequence, check digit. */
export function isValidChineseIdNumber(value: string, today: Date = new Date()): boolean {
  const id = value.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  if (year < 1900 || birth.getTime() > today.getTime()) return false;
  return idCheckDigit(id.slice(0, 17)) === id[17];
}

/** 110***********1234: the area's first three and the last four characters. */
export function maskIdNumber(id: string): string {
  return `${id.slice(0, 3)}${'*'.repeat(Math.max(id.length - 7, 0))}${id.slice(-4)}`;
}

/** Every character but the last hidden: 张三 → *三. */
export function maskName(name: string): string {
  const chars = [...name];
  return `${'*'.repeat(Math.max(chars.length - 1, 1))}${chars.at(-1) ?? ''}`;
}

// --- cash accounts ---

export const CASH_ACCOUNT_TYPES = ['alipay', 'bankCard'] as const;
export type TCashAccountType = (typeof CASH_ACCOUNT_TYPES)[number];

/** Bank card numbers: 16–19 digits passing the Luhn check. */
export function isValidBankCard(value: string): boolean {
  if (!/^\d{16,19}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let d = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const ALIPAY_RE = /^(?:1\d{10}|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

/** Alipay: 138****0000 or a***@example.com; bank card: **** 1234. */
export function maskCashAccount(type: TCashAccountType, account: string): string {
  switch (type) {
    case 'alipay': {
      const at = account.indexOf('@');
      if (at > 0) return `${account[0]}***${account.slice(at)}`;
      return `${account.slice(0, 3)}****${account.slice(-4)}`;
    }
    case 'bankCard':
      return `**** ${account.slice(-4)}`;
  }
}

/** A 6-digit cash-out password. */
export const ZCashPassword = z.string().regex(/^\d{6}$/, 'must be 6 digits');

// --- answers ---

export const ZEducation = z.object({
  id: z.string(),
  school: z.string(),
  major: z.string(),
  degree: z.enum(EDUCATION_LEVELS),
  graduationYear: z.number().int(),
});
export type TEducation = z.infer<typeof ZEducation>;

export const ZJob = z.object({
  id: z.string(),
  company: z.string(),
  position: z.string(),
  startYear: z.number().int(),
  /** null: until now. */
  endYear: z.number().int().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZCashAccount = z.object({
  id: z.string(),
  type: z.enum(CASH_ACCOUNT_TYPES),
  /** Masked: the full number is kept encrypted and never sent back. */
  account: z.string(),
  holderName: z.string(),
  bankName: z.string().nullable(),
  isDefault: z.boolean(),
});
export type TCashAccount = z.infer<typeof ZCashAccount>;

/** The trade part of getUserDetail (China build). */
export const ZTradeAccount = z.object({
  birthYear: z.number().int().nullable(),
  industry: z.enum(INDUSTRIES).nullable(),
  educationLevel: z.enum(EDUCATION_LEVELS).nullable(),
  educations: z.array(ZEducation),
  jobs: z.array(ZJob),
  /** Masked real name and ID number once verified, else null. */
  identity: z.object({ realName: z.string(), idNumber: z.string(), verifiedAt: z.string() }).nullable(),
  hasCashPassword: z.boolean(),
  cashAccounts: z.array(ZCashAccount),
});
export type TTradeAccount = z.infer<typeof ZTradeAccount>;

// --- requests ---

const text = (max: number) => z.string().trim().min(1).max(max);

/** sex 0 unknown / 1 male / 2 female; null clears birth year, industry or education level. */
export const ZSaveDetailsRequest = z.object({
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  birthYear: ZYear.nullable(),
  industry: z.enum(INDUSTRIES).nullable(),
  educationLevel: z.enum(EDUCATION_LEVELS).nullable(),
});
export type TSaveDetailsRequest = z.infer<typeof ZSaveDetailsRequest>;

export const ZSaveEducationRequest = z.object({
  school: text(128),
  major: text(128),
  degree: z.enum(EDUCATION_LEVELS),
  graduationYear: ZYear,
});
export type TSaveEducationRequest = z.infer<typeof ZSaveEducationRequest>;

export const ZSaveJobRequest = z
  .object({
    company: text(128),
    position: text(64),
    startYear: ZYear,
    endYear: ZYear.nullable(),
  })
  .refine((j) => j.endYear === null || j.endYear >= j.startYear, {
    message: 'must not be before startYear',
    path: ['endYear'],
  });
export type TSaveJobRequest = z.infer<typeof ZSaveJobRequest>;

export const ZEntryId = z.object({ id: z.string().uuid() });
export type TEntryId = z.infer<typeof ZEntryId>;

export const ZSaveAuthenticationRequest = z.object({
  realName: z
    .string()
    .trim()
    .regex(/^[\u4e00-\u9fa5·]{2,20}$/, 'must be 2-20 Chinese characters'),
  idNumber: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => isValidChineseIdNumber(v), 'must be a valid resident ID number'),
});
export type TSaveAuthenticationRequest = z.infer<typeof ZSaveAuthenticationRequest>;

/** Setting the first one needs no oldPassword; changing it does. */
export const ZSetCashPasswordRequest = z.object({
  password: ZCashPassword,
  oldPassword: ZCashPassword.optional(),
});
export type TSetCashPasswordRequest = z.infer<typeof ZSetCashPasswordRequest>;

export const ZCheckCashPasswordRequest = z.object({ password: ZCashPassword });
export type TCheckCashPasswordRequest = z.infer<typeof ZCheckCashPasswordRequest>;

const ZHolder = text(64);
export const ZSaveCashAccountRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('alipay'),
    account: z.string().trim().toLowerCase().regex(ALIPAY_RE, 'must be a mobile number or an email'),
    holderName: ZHolder,
    isDefault: z.boolean().default(false),
    cashPassword: ZCashPassword,
  }),
  z.object({
    type: z.literal('bankCard'),
    account: z
      .string()
      .transform((v) => v.replace(/\s+/g, ''))
      .refine(isValidBankCard, 'must be a valid bank card number'),
    holderName: ZHolder,
    bankName: text(64),
    isDefault: z.boolean().default(false),
    cashPassword: ZCashPassword,
  }),
]);
export type TSaveCashAccountRequest = z.infer<typeof ZSaveCashAccountRequest>;
export type TSaveCashAccountInput = z.input<typeof ZSaveCashAccountRequest>;
