/**
 * The request and answer shapes of the console's sales calls (docs/operations.md#companies):
 * companies with their seats per goods code, members, roles and open invitations.
 */
import { z } from 'zod';
import { ZEmail, ZListResponse, ZTime } from '../common.ts';
import { ZGoodsCode } from '../enum-schemas.ts';
import { COMPANY_ROLES, COMPANY_STATUSES, FREEZE_STATUSES, REDEEM_SOURCES, REDEEM_STATES } from '../enums.ts';
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

// ---- redeem-code batches (docs/operations.md#redeem-code-batches)

/** At most this many codes per batch, as `codes generate` (redeem-issue.service.ts). */
export const MAX_BATCH_CODES = 10_000;
export const ZBatchListRequest = z.object({ ...ZPaging });
export const ZRedeemBatch = z.object({
  id: z.string(),
  goodsCode: z.string(),
  kind: z.enum(['personal', 'company']),
  source: z.enum(REDEEM_SOURCES),
  durationDays: z.number().int(),
  quantity: z.number().int(),
  validFrom: ZTime,
  validTo: ZTime,
  issuedBy: z.string(),
  abolishedAt: ZTime.nullable(),
  createdAt: ZTime,
  /** How many of its codes are in each state (unused, exchanged, abolished, …). */
  states: z.record(z.string(), z.number().int()),
});
export type TRedeemBatch = z.infer<typeof ZRedeemBatch>;
export const ZBatchListResponse = ZListResponse(ZRedeemBatch);
export const ZBatchCreateRequest = z.object({
  goodsCode: ZGoodsCode,
  /** Membership days each code grants. */
  durationDays: z.number().int().min(1).max(3650),
  quantity: z.number().int().min(1).max(MAX_BATCH_CODES),
  source: z.enum(REDEEM_SOURCES),
  kind: z.enum(['personal', 'company']).default('personal'),
  /** How long the codes can be redeemed, in days from now. */
  validDays: z.number().int().min(1).max(3650),
  reason: ZReason,
});
export const ZBatchRef = z.object({ batchId: z.string().trim().uuid() });
export const ZBatchAnswer = z.object({ batch: ZRedeemBatch });
export const ZBatchExportResponse = z.string();
export const ZBatchAbolishRequest = ZBatchRef.extend({ reason: ZReason });
export const ZBatchAbolishResponse = z.object({ batch: ZRedeemBatch, abolished: z.number().int() });
export const ZCodeRef = z.object({ code: z.string().trim().min(4).max(64) });
export const ZCodeAbolishRequest = ZCodeRef.extend({ reason: ZReason });
export const ZConsoleCode = z.object({
  serialNo: z.string(),
  code: z.string(),
  goodsCode: z.string(),
  kind: z.string(),
  state: z.enum(REDEEM_STATES),
  source: z.string(),
  durationDays: z.number().int(),
  validFrom: ZTime,
  validTo: ZTime,
  batchId: z.string().nullable(),
  redeemedBy: z.string().nullable(),
  redeemAccount: z.string().nullable(),
  redeemTime: ZTime.nullable(),
  redeemOrderNo: z.string().nullable(),
  createdAt: ZTime,
});
export const ZCodeHistoryResponse = z.object({
  code: ZConsoleCode,
  /** What happened to it, oldest first: issued, bought, handed over, redeemed, and the staff's actions on it or its batch. */
  events: z.array(
    z.object({
      at: ZTime,
      /** issued, bought, handed, redeemed, or a staff audit action (redeem.abolishCode, redeem.abolishBatch …). */
      what: z.string(),
      by: z.string().nullable(),
      detail: z.string().nullable(),
    }),
  ),
});
export const ZCodeAbolishResponse = z.object({ code: ZConsoleCode });
