/**
 * The coupon rules (docs/product.md#coupons), pure: whether a coupon may be
 * used on an order, what it takes off, and which tab of my coupons it is in.
 * The service applies them with counts read under the coupon's row lock.
 */
import { Code, type TCode } from '@ac/protocol/codes';
import { MIN_CHARGE, type TCouponTab } from '@ac/protocol/coupons';
import type { TCurrency } from '@ac/protocol/enums';
import type { CampaignRow, CampaignStanding, CouponRow } from './coupons.repo.ts';

/** An unpaid order holding a coupon is cancelled (the coupon released) this long after its last change. */
export const COUPON_HOLD_MINUTES = 30;

export type CouponTarget = { goodsCode: string; currency: TCurrency; amount: number };
/** How a user stands with a coupon: granted to them, and their live uses. */
export type Holder = { granted: boolean; liveUses: number };

/**
 * What the coupon takes off `amount`: the amount off, or the percentage
 * rounded down to a whole minor unit; never more than leaves MIN_CHARGE to pay.
 */
export function discountOf(c: Pick<CouponRow, 'kind' | 'amountOff' | 'percentOff'>, t: CouponTarget): number {
  const raw = c.kind === 'amount' ? (c.amountOff ?? 0) : Math.floor((t.amount * (c.percentOff ?? 0)) / 100);
  return Math.max(0, Math.min(raw, t.amount - MIN_CHARGE[t.currency]));
}

/** Why the coupon cannot be used on the target now, checked in the order of the catalogue; null when it can. */
export function refusalOf(c: CouponRow, h: Holder, t: CouponTarget, now: Date): TCode | null {
  if (c.voidedAt || (c.audience === 'granted' && !h.granted)) return Code.couponInvalid;
  if (now < c.validFrom) return Code.couponNotYetValid;
  if (now >= c.validTo) return Code.couponExpired;
  if (c.goodsCodes && !c.goodsCodes.includes(t.goodsCode)) return Code.couponNotApplicable;
  if (c.currency && c.currency !== t.currency) return Code.couponNotApplicable;
  if (discountOf(c, t) <= 0) return Code.couponNotApplicable;
  if (c.totalLimit !== null && c.uses >= c.totalLimit) return Code.couponUsedUp;
  if (h.liveUses >= c.perUserLimit) return Code.couponUserLimit;
  return null;
}

/**
 * The campaign's own rules (docs/product.md#coupon-campaigns), checked after the coupon's: its
 * region's currency, the minimum list price, and the limits over all its coupons.
 */
export function campaignRefusalOf(
  c: Pick<CampaignRow, 'endedAt' | 'currency' | 'minCharge' | 'totalLimit' | 'perUserLimit'>,
  s: CampaignStanding,
  t: CouponTarget,
): TCode | null {
  if (c.endedAt) return Code.couponInvalid;
  if (c.currency !== t.currency) return Code.couponNotApplicable;
  if (t.amount < c.minCharge) return Code.couponBelowMinimum;
  if (c.totalLimit !== null && s.liveUses >= c.totalLimit) return Code.couponUsedUp;
  if (s.userLiveUses >= c.perUserLimit) return Code.couponUserLimit;
  return null;
}

/** The tab of my coupons: used when I used it as often as it allows, expired when no one can use it any more. */
export function tabOf(c: CouponRow, liveUses: number, now: Date): TCouponTab {
  if (liveUses >= c.perUserLimit) return 'used';
  const exhausted = c.totalLimit !== null && c.uses >= c.totalLimit;
  if (c.voidedAt || now >= c.validTo || exhausted) return 'expired';
  return 'unused';
}
