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
/** Mainland China mobile numbers (11 digits starting with 1) or E.164 elsewhere. */
export const ZMobile = z
  .string()
  .trim()
  .regex(/^(?:1\d{10}|\+[1-9]\d{6,14})$/);
