/**
 * The request and answer shapes of the console's sales calls (docs/operations.md#companies):
 * companies with their seats per goods code, members, roles and open invitations.
 */
import { z } from 'zod';
import { ZEmail, ZListResponse, ZTime } from '../common.ts';
import { ZGoodsCode } from '../enum-schemas.ts';
import { COMPANY_ROLES, COMPANY_STATUSES, FREEZE_STATUSES } from '../enums.ts';
import { ZReason } from './console-shapes.ts';

const ZPaging = {
  pageNo: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
/** A company's end time: an ISO date or time in the future is checked by the server. */
const ZEndTime = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'a date (YYYY-MM-DD) or ISO time');
/** Seats of one goods code; at most this many per company and code. */
export const MAX_COMPANY_SEATS = 100_000;
export const ZSeatTotal = z.object({
  goodsCode: ZGoodsCode,
  total: z.number().int().min(0).max(MAX_COMPANY_SEATS),
});

export const ZCompanySearchRequest = z.object({
  /** Part of the name, or the company id. */
  query: z.string().trim().max(200).optional(),
  ...ZPaging,
});
export const ZConsoleSeat = z.object({ goodsCode: z.string(), total: z.number().int(), used: z.number().int() });
export const ZConsoleCompany = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(COMPANY_STATUSES),
  freezeStatus: z.enum(FREEZE_STATUSES),
  endTime: ZTime,
  createdAt: ZTime,
  /** Whether its seats grant now: active, not frozen, before its end time. */
  granting: z.boolean(),
  memberCount: z.number().int(),
  seats: z.array(ZConsoleSeat),
});
export type TConsoleCompany = z.infer<typeof ZConsoleCompany>;
export const ZCompanySearchResponse = ZListResponse(ZConsoleCompany);

export const ZCompanyRef = z.object({ companyId: z.string().trim().uuid() });

export const ZCompanyDetail = z.object({
  company: ZConsoleCompany,
  members: z.array(
    z.object({
      userId: z.string(),
      email: z.string().nullable(),
      name: z.string(),
      role: z.enum(COMPANY_ROLES),
      joinedAt: ZTime,
      seats: z.array(z.string()),
    }),
  ),
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      /** The role the invitation gives: owner for the admin e-mail of a company the console created. */
      role: z.enum(COMPANY_ROLES),
      createdAt: ZTime,
      expiresAt: ZTime,
    }),
  ),
});
export type TCompanyDetail = z.infer<typeof ZCompanyDetail>;

export const ZCompanyCreateRequest = z.object({
  name: z.string().trim().min(1).max(200),
  /** Mailed an invitation that makes its account the company's owner (it need not have an account yet). */
  adminEmail: ZEmail,
  seats: z
    .array(ZSeatTotal)
    .max(20)
    .refine((s) => new Set(s.map((x) => x.goodsCode)).size === s.length, 'one row per goods code'),
  endTime: ZEndTime,
  reason: ZReason,
});

/** New seat totals (one goods code each; fewer than are assigned is refused) and/or a new end time. */
export const ZCompanyUpdateRequest = ZCompanyRef.extend({
  seats: z
    .array(ZSeatTotal)
    .max(20)
    .refine((s) => new Set(s.map((x) => x.goodsCode)).size === s.length, 'one row per goods code')
    .optional(),
  endTime: ZEndTime.optional(),
  reason: ZReason,
}).refine((r) => r.seats?.length || r.endTime, { message: 'seats or endTime is required', path: ['seats'] });

export const ZCompanyFreezeRequest = ZCompanyRef.extend({ reason: ZReason });
export const ZCompanyAnswer = z.object({ company: ZConsoleCompany });
