/** Shapes shared by many calls: paging, money, times. */
import { z } from 'zod';
import { CURRENCIES } from './enums.ts';

export const ZEmpty = z.object({}).strict();
export type TEmpty = z.infer<typeof ZEmpty>;

export const ZListRequest = z.object({
  pageNo: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
});
export type TListRequest = z.infer<typeof ZListRequest>;

export function ZListResponse<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type TList<T> = { rows: T[]; total: number; pageNo: number; pageSize: number };

/** Integer minor units (cents / fen) with a currency. */
export const ZMoney = z.object({ amount: z.number().int(), currency: z.enum(CURRENCIES) });
export type TMoney = z.infer<typeof ZMoney>;

/** ISO 8601 with offset. */
export const ZTime = z.string();

export const ZEmail = z.string().trim().toLowerCase().max(254).email();

/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides and isolates, which reorder the
 * text around them: never part of a name, a terminal runs them and a page shows them reordered.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** A name people read (a person's, a nickname, a device's): trimmed, `min`–`max` characters, no control characters. */
export function zDisplayText(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'must not contain control characters' });
}
const MOBILE_RE = /^(?:1\d{10}|\+[1-9]\d{6,14})$/;

/**
 * One mobile number, one target (docs/decisions/0016-sms-providers.md): the
 * E.164 form of a mainland China number typed as 11 digits (`138…` becomes
 * `+86138…`), or of a number given with its country code; spaces, dashes and
 * brackets are dropped, a leading `00` is read as `+`. Null when it is not a
 * mobile number. Used by the web forms and the server alike, so codes,
 * limits and lookups all see the same string.
 */
export function normalizeMobile(input: string): string | null {
  let v = input.trim().replace(/[\s\-().]/g, '');
  if (v.startsWith('00')) v = `+${v.slice(2)}`;
  if (!MOBILE_RE.test(v)) return null;
  return v.startsWith('+') ? v : `+86${v}`;
}

/**
 * The number with its middle hidden, as a default nickname and where only a hint is shown:
 * `+8613911112222` → `139****2222` (the national digits), `+12015550123` → `+12****0123`;
 * what is not a mobile number is returned as it is.
 */
export function maskMobile(stored: string): string {
  const e164 = normalizeMobile(stored);
  if (!e164) return stored;
  const m = e164.startsWith('+86') ? e164.slice(3) : e164;
  return `${m.slice(0, 3)}****${m.slice(-4)}`;
}

/** Mainland China mobile numbers (11 digits starting with 1) or E.164 elsewhere; parsed to E.164. */
export const ZMobile = z.string().transform((v, ctx) => {
  const e164 = normalizeMobile(v);
  if (e164) return e164;
  ctx.addIssue({ code: 'custom', message: 'must be a mobile number: 11 digits in China, else + and the country code' });
  return z.NEVER;
});
