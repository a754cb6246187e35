/** After a payment or a coupon change: the order lists and details, the product centre (new expiry), my coupons and the current membership. */
import { calls } from '@ac/protocol/calls';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateCall } from '@/lib/api/use-call';

/** Every query a payment can change (orders: each page, filter and detail). */
export const PAYMENT_OUTCOMES = [
  calls.orders.list,
  calls.orders.detail,
  calls.orders.couponOffers,
  calls.payments.payState,
  calls.products.catalog,
  calls.memberships.mine,
  calls.coupons.list,
  calls.session.userInfo,
];

export function useRefreshAfterPayment(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void invalidateCall(queryClient, ...PAYMENT_OUTCOMES), [queryClient]);
}
