/** Coupons: my coupons (docs/product.md#coupons); an order's coupon calls are in orders.ts. */

import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import { ZCouponList, ZCouponListRequest } from '../coupons.ts';

export const coupons = {
  list: defineContract({
    path: '/order/v5/coupon/list',
    summary: 'My coupons in one tab: unused, used or expired, with what each applies to and its validity',
    tag: 'coupons',
    auth: true,
    request: ZCouponListRequest,
    response: ZCouponList,
  }),
};

/** Every refusal of a coupon, in the order the rules are checked. */
export const couponErrors = [
  Code.couponInvalid,
  Code.couponNotYetValid,
  Code.couponExpired,
  Code.couponNotApplicable,
  Code.couponBelowMinimum,
  Code.couponUsedUp,
  Code.couponUserLimit,
] as const;
