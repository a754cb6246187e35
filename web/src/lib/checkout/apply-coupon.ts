/** Applies a coupon to an unpaid order, or removes it (null): /order/v5/order/coupon → the order with its new amounts. */
import { calls } from '@ac/protocol/calls';
import { type TOrderDetail, ZOrderDetailResponse } from '@ac/protocol/commerce';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchApplyCoupon(payload: { orderNo: string; coupon: string | null }): Promise<TOrderDetail> {
  return ZOrderDetailResponse.parse(await apiCall(calls.orders.coupon, payload));
}

export function useApplyCoupon() {
  return useMutation({ mutationFn: fetchApplyCoupon });
}
