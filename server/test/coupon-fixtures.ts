/** Coupons for the tests: made through the admin service, with a unique code each. */
import { randomUUID } from 'node:crypto';
import { addMs, DAY } from '../src/lib/time.ts';
import type { CouponSpec } from '../src/modules/coupons/coupon-admin.service.ts';
import type { TestApp } from './test-app.ts';
import { testServices } from './test-app.ts';

export const uniqueCode = (prefix = 'T') => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/** A coupon of $10 off every product, valid for 30 days from a day ago, once per user; granted to `grantTo`. */
export async function makeCoupon(t: TestApp, spec: Partial<CouponSpec> = {}, grantTo: string[] = []) {
  const admin = testServices(t).couponAdmin;
  const now = Date.now();
  const coupon = await admin.create(uniqueCode(), {
    kind: 'amount',
    amountOff: 1000,
    currency: 'USD',
    validFrom: new Date(now - DAY),
    validTo: addMs(new Date(now), 30 * DAY),
    perUserLimit: 1,
    totalLimit: null,
    audience: grantTo.length ? 'granted' : 'public',
    ...spec,
  });
  for (const userId of grantTo) await admin.grant(coupon.code, userId);
  return coupon;
}
