/** Coupons as the wire shapes of docs/api.md. */
import type { TCoupon, TCouponTab } from '@ac/protocol/coupons';
import type { TCurrency } from '@ac/protocol/enums';
import { iso } from '../../lib/time.ts';
import type { HeldCoupon } from './coupons.repo.ts';

export function toCoupon(h: HeldCoupon, tab: TCouponTab): TCoupon {
  const c = h.coupon;
  return {
    code: c.code,
    kind: c.kind,
    amountOff: c.kind === 'amount' ? { amount: c.amountOff ?? 0, currency: c.currency as TCurrency } : null,
    percentOff: c.kind === 'percent' ? c.percentOff : null,
    goodsCodes: c.goodsCodes,
    validFrom: iso(c.validFrom),
    validTo: iso(c.validTo),
    perUserLimit: c.perUserLimit,
    usesLeft: tab === 'unused' ? Math.max(0, c.perUserLimit - h.liveUses) : 0,
    tab,
    lastOrderNo: h.lastOrderNo,
  };
}
