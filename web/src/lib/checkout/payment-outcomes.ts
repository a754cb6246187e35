/**
 * Every query a payment or a coupon change can change: the orders (each page,
 * filter and detail, their pay state and coupon offers), the product centre
 * (catalogue and new expiry), my coupons, the current membership and my renewing memberships.
 */
import { calls } from '@ac/protocol/calls';

export const PAYMENT_OUTCOMES = [
  calls.orders.list,
  calls.orders.detail,
  calls.orders.couponOffers,
  calls.payments.payState,
  calls.products.catalog,
  calls.memberships.mine,
  calls.subscriptions.mine,
  calls.coupons.list,
  calls.session.userInfo,
];
