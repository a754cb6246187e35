/**
 * The request and answer shapes of the console's coupon campaigns (docs/operations.md#coupons,
 * docs/product.md#coupon-campaigns): a campaign's rules, its coupons issued to members or as
 * public codes, and its usage.
 */
import { z } from 'zod';
import { ZListResponse, ZMoney, ZTime } from '../common.ts';
import { COUPON_KINDS, ZCouponCodeInput } from '../coupons.ts';
import { ZGoodsCode, ZRegion } from '../enum-schemas.ts';
import { ZReason } from './console-shapes.ts';

const ZPaging = {
  pageNo: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};
/** An ISO date or time. */
const ZWhen = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), 'a date (YYYY-MM-DD) or ISO time');
/** Minor units: at most 1 000 000.00 of a currency. */
const ZMinor = z.number().int().min(0).max(100_000_000);
/** At most this many recipients in one issue, and this many public codes per campaign call. */
export const MAX_COUPON_RECIPIENTS = 1000;
export const MAX_PUBLIC_CODES = 1000;

export const CAMPAIGN_STATES = ['scheduled', 'running', 'ended'] as const;
export type TCampaignState = (typeof CAMPAIGN_STATES)[number];

export const ZCampaignCreateRequest = z
  .object({
    name: z.string().trim().min(1).max(120),
    /** The region whose orders it applies to; amounts and the minimum charge are in its currency. */
    region: ZRegion,
    kind: z.enum(COUPON_KINDS),
    /** Minor units off (kind amount). */
    amountOff: ZMinor.min(1).nullable().default(null),
    /** Whole percent off, 1-100 (kind percent). */
    percentOff: z.number().int().min(1).max(100).nullable().default(null),
    /** Empty: every product. */
    goodsCodes: z
      .array(ZGoodsCode)
      .max(50)
      .default([])
      .refine((g) => new Set(g).size === g.length, 'each goods code once'),
    validFrom: ZWhen,
    validTo: ZWhen,
    perUserLimit: z.number().int().min(1).max(1000),
    /** Uses over all its coupons; null: no total limit. */
    totalLimit: z.number().int().min(1).max(10_000_000).nullable().default(null),
    /** The least list price (minor units) an order must have for a coupon of it to apply; 0: none. */
    minCharge: ZMinor.default(0),
    reason: ZReason,
  })
  .refine((r) => (r.kind === 'amount' ? r.amountOff !== null : r.percentOff !== null), {
    message: 'an amount campaign needs amountOff, a percent campaign percentOff',
    path: ['amountOff'],
  })
  .refine((r) => Date.parse(r.validTo) > Date.parse(r.validFrom), {
    message: 'the validity must end after it starts',
    path: ['validTo'],
  });
export type TCampaignCreateRequest = z.infer<typeof ZCampaignCreateRequest>;

export const ZCampaign = z.object({
  id: z.string(),
  name: z.string(),
  region: ZRegion,
  kind: z.enum(COUPON_KINDS),
  amountOff: ZMoney.nullable(),
  percentOff: z.number().int().nullable(),
  goodsCodes: z.array(z.string()).nullable(),
  validFrom: ZTime,
  validTo: ZTime,
  perUserLimit: z.number().int(),
  totalLimit: z.number().int().nullable(),
  minCharge: ZMoney,
  createdBy: z.string(),
  createdAt: ZTime,
  endedAt: ZTime.nullable(),
  /** scheduled (before validFrom), running, ended (by staff or past validTo). */
  state: z.enum(CAMPAIGN_STATES),
  /** Members its coupons were issued to. */
  issued: z.number().int(),
  /** Live uses: orders holding one of its coupons (unpaid ones included, released ones not). */
  redeemed: z.number().int(),
  /** Its public codes. */
  publicCodes: z.number().int(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignListRequest = z.object({ ...ZPaging });
export const ZCampaignListResponse = ZListResponse(ZCampaign);
export const ZCampaignRef = z.object({ campaignId: z.string().trim().uuid() });

export const ZCampaignDetail = z.object({
  campaign: ZCampaign,
  /** The code members were issued (one per campaign), if any. */
  issuedCode: z.string().nullable(),
  /** Its latest 200 public codes with their live uses (the count of all is campaign.publicCodes). */
  publicCodes: z.array(z.object({ code: z.string(), uses: z.number().int(), createdAt: ZTime })),
  /** The latest 200 members it was issued to. */
  recipients: z.array(
    z.object({ userId: z.string(), email: z.string().nullable(), mobile: z.string().nullable(), issuedAt: ZTime }),
  ),
  /** The latest 200 uses: who, which order, what it took off, released or not. */
  uses: z.array(
    z.object({
      userId: z.string().nullable(),
      email: z.string().nullable(),
      code: z.string(),
      orderNo: z.string(),
      discount: ZMoney,
      at: ZTime,
      releasedAt: ZTime.nullable(),
    }),
  ),
});
export type TCampaignDetail = z.infer<typeof ZCampaignDetail>;

/** Recipients by account id, e-mail or mobile number in any spelling, one per entry. */
export const ZCampaignIssueRequest = ZCampaignRef.extend({
  recipients: z.array(z.string().trim().min(1).max(254)).min(1).max(MAX_COUPON_RECIPIENTS),
  reason: ZReason,
});
export const ZCampaignIssueResponse = z.object({
  campaign: ZCampaign,
  /** Members who received it now; the others held it already. */
  added: z.number().int(),
  already: z.number().int(),
});

/** Public codes: the given one, or `count` random ones. */
export const ZCampaignCodesRequest = ZCampaignRef.extend({
  code: ZCouponCodeInput.optional(),
  count: z.number().int().min(1).max(MAX_PUBLIC_CODES).optional(),
  reason: ZReason,
}).refine((r) => Boolean(r.code) !== Boolean(r.count), { message: 'code or count, not both', path: ['code'] });
export const ZCampaignCodesResponse = z.object({ campaign: ZCampaign, codes: z.array(z.string()) });

export const ZCampaignEndRequest = ZCampaignRef.extend({ reason: ZReason });
export const ZCampaignAnswer = z.object({ campaign: ZCampaign });
