/** The coupons of mine an unpaid order may use, each with its discount: /order/v5/order/couponOffers. */
import { calls } from '@ac/protocol/calls';
import { type TCouponOffers, ZCouponOffers } from '@ac/protocol/coupons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchCouponOffers(orderNo: string): Promise<TCouponOffers> {
  return ZCouponOffers.parse(await apiCall(calls.orders.couponOffers, { orderNo }));
}

export const couponOffersQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: ['coupons', 'offers', orderNo], queryFn: () => fetchCouponOffers(orderNo) });

export function useCouponOffers(orderNo: string, options: { enabled: boolean }) {
  return useQuery({ ...couponOffersQueryOptions(orderNo), enabled: options.enabled });
}
