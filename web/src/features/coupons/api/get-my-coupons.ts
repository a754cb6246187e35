/** My coupons of one tab (unused, used, expired), paged: /order/v5/coupon/list. */
import { calls } from '@ac/protocol/calls';
import type { TList } from '@ac/protocol/common';
import { type TCoupon, type TCouponListRequest, ZCouponList } from '@ac/protocol/coupons';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export type MyCouponsParams = Pick<TCouponListRequest, 'pageNo' | 'pageSize' | 'tab'>;

export async function fetchMyCoupons(params: MyCouponsParams): Promise<TList<TCoupon>> {
  return ZCouponList.parse(await apiCall(calls.coupons.list, params));
}

export const myCouponsQueryOptions = (params: MyCouponsParams) =>
  queryOptions({
    queryKey: ['coupons', 'list', params],
    queryFn: () => fetchMyCoupons(params),
    placeholderData: keepPreviousData,
  });

export function useMyCoupons(params: MyCouponsParams) {
  return useQuery(myCouponsQueryOptions(params));
}
