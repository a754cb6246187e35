/**
 * The request and answer shapes of the console's administration calls (admin only,
 * docs/operations.md#offers-and-prices and #staff): the offers and their prices in the region's
 * currency, and the staff accounts.
 */
import { z } from 'zod';
import { ZEmail, ZListResponse, ZTime } from '../common.ts';
import { ZGoodsCode } from '../enum-schemas.ts';
import { CURRENCIES, REDEEM_BUYERS } from '../enums.ts';
import { ZReason, ZUserRef } from './console-shapes.ts';
import { ZStaffRole } from './staff.ts';

const ZPaging = {
  pageNo: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};

/**
 * What an offer sells: `plan`, a membership of the goods bought on the purchase page (one per
 * goods code, its days fixed by the goods); `redeemCode`, redeem codes of the goods and days
 * bought on the redeem page (docs/decisions/0027-buying-redeem-codes.md).
 */
export const OFFER_KINDS = ['plan', 'redeemCode'] as const;
export type TOfferKind = (typeof OFFER_KINDS)[number];

/** The largest price in minor units (1 000 000.00). */
export const MAX_OFFER_PRICE = 100_000_000;

export const ZOfferListRequest = z.object({ kind: z.enum(OFFER_KINDS).optional(), ...ZPaging });
export const ZConsoleOffer = z.object({
  kind: z.enum(OFFER_KINDS),
  goodsCode: z.string(),
  name: z.string(),
  durationDays: z.number().int(),
  /** In minor units of the region's currency. */
  price: z.object({ amount: z.number().int(), currency: z.enum(CURRENCIES) }),
  active: z.boolean(),
  /** Redeem codes only: how many one order may buy, and who may. */
  minQuantity: z.number().int().nullable(),
  maxQuantity: z.number().int().nullable(),
  buyers: z.enum(REDEEM_BUYERS).nullable(),
});
export type TConsoleOffer = z.infer<typeof ZConsoleOffer>;
export const ZOfferListResponse = ZListResponse(ZConsoleOffer).extend({
  /** The region's currency: every price of this server is in it. */
  currency: z.enum(CURRENCIES),
});

/** One offer: a plan by its goods code; redeem codes by goods code and days. */
export const ZOfferRef = z.object({
  kind: z.enum(OFFER_KINDS),
  goodsCode: ZGoodsCode,
  durationDays: z.number().int().min(1).max(3650),
});
export const ZOfferPriceRequest = ZOfferRef.extend({
  /** Must be the region's currency (2500061 otherwise). */
  currency: z.enum(CURRENCIES),
  amount: z.number().int().min(1).max(MAX_OFFER_PRICE),
  reason: ZReason,
});
export const ZOfferActiveRequest = ZOfferRef.extend({ reason: ZReason });
export const ZOfferAnswer = z.object({ offer: ZConsoleOffer });

export const ZStaffListRequest = z.object({
  /** Part of the email or name. */
  query: z.string().trim().max(200).optional(),
  ...ZPaging,
});
export const ZConsoleStaff = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZStaffRole,
  disabled: z.boolean(),
  /** Whether an authenticator app is set up (false: the next sign-in sets one up). */
  secondFactor: z.boolean(),
  liveSessions: z.number().int(),
  createdAt: ZTime,
});
export type TConsoleStaff = z.infer<typeof ZConsoleStaff>;
export const ZStaffListResponse = ZListResponse(ZConsoleStaff);

export const ZStaffCreateRequest = z.object({
  email: ZEmail,
  name: z.string().trim().min(1).max(64),
  role: ZStaffRole,
  /** The first password, told to the new staff member; the member password rules apply. */
  password: z.string().min(1).max(256),
  reason: ZReason,
});
export const ZStaffRef = z.object({ staffId: z.string().trim().uuid() });
export const ZStaffActionRequest = ZStaffRef.extend({ reason: ZReason });
export const ZStaffRoleRequest = ZStaffActionRequest.extend({ role: ZStaffRole });
export const ZStaffAnswer = z.object({ staff: ZConsoleStaff });
export const ZStaffEndSessionsResponse = z.object({ sessionsEnded: z.number().int() });

/** Support resends a verification code the member asked for and is still waiting for. */
export const ZResendCodeRequest = ZUserRef.extend({ channel: z.enum(['email', 'mobile']), reason: ZReason });
/** Where the new code went, for which of the member's purposes. */
export const ZResendCodeResponse = z.object({ target: z.string(), purpose: z.string() });
