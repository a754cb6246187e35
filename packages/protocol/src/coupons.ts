/** Coupons (docs/product.md#coupons): what a coupon is on the wire, the rules both sides name. */
import { z } from 'zod';
import { ZListRequest, ZListResponse, ZMoney, ZTime } from './common.ts';
import type { TCurrency } from './enums.ts';

/** The three tabs of my coupons. */
export const COUPON_TABS = ['unused', 'used', 'expired'] as const;
export const ZCouponTab = z.enum(COUPON_TABS);
export type TCouponTab = z.infer<typeof ZCouponTab>;

/** An amount off (minor units of one currency) or a whole percentage off. */
export const COUPON_KINDS = ['amount', 'percent'] as const;
export type TCouponKind = (typeof COUPON_KINDS)[number];

/**
 * The least an order with a coupon still costs, per currency: the smallest
 * charge the gateways take (Stripe's 0.50 USD; one fen for Alipay and WeChat Pay).
 */
export const MIN_CHARGE: Readonly<Record<TCurrency, number>> = { USD: 50, CNY: 1 };

/** Codes are matched in upper case without spaces and dashes; 3-32 letters and digits. */
export function normalizeCouponCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}
export const COUPON_CODE_RE = /^[A-Z0-9]{3,32}$/;
/** Random codes of `coupons batch`: no 0/O/1/I. */
export const COUPON_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const COUPON_RANDOM_LENGTH = 12;

export const ZCouponCodeInput = z
  .string()
  .max(64)
  .transform(normalizeCouponCode)
  .refine((c) => COUPON_CODE_RE.test(c), 'must be 3-32 letters and digits');

/** One coupon as its holder sees it. `goodsCodes` null: every product. */
export const ZCoupon = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** The amount off (kind amount), else null. */
  amountOff: ZMoney.nullable(),
  /** Whole percent off (kind percent), else null. */
  percentOff: z.number().int().nullable(),
  goodsCodes: z.array(z.string()).nullable(),
  validFrom: ZTime,
  validTo: ZTime,
  perUserLimit: z.number().int(),
  /** How many more times I may use it now (0 in the used and expired tabs). */
  usesLeft: z.number().int(),
  tab: ZCouponTab,
  /** My latest order that used it, if any. */
  lastOrderNo: z.string().nullable(),
});
export type TCoupon = z.infer<typeof ZCoupon>;

export const ZCouponListRequest = ZListRequest.extend({ tab: ZCouponTab.default('unused') });
export type TCouponListRequest = z.infer<typeof ZCouponListRequest>;
export const ZCouponList = ZListResponse(ZCoupon);

/** A coupon offered at checkout with what it takes off this order and what is left to pay. */
export const ZCouponOffer = ZCoupon.extend({ discount: ZMoney, dueAmount: ZMoney });
export type TCouponOffer = z.infer<typeof ZCouponOffer>;

export const ZCouponOffersRequest = z.object({ orderNo: z.string().trim().min(1).max(64) });
export const ZCouponOffers = z.object({
  /** The coupon the order holds now, if any. */
  applied: z.string().nullable(),
  rows: z.array(ZCouponOffer),
});
export type TCouponOffers = z.infer<typeof ZCouponOffers>;

/** Applies a coupon to an unpaid order (replacing the one it held), or removes it (null). */
export const ZOrderCouponRequest = z.object({
  orderNo: z.string().trim().min(1).max(64),
  coupon: ZCouponCodeInput.nullable(),
});
