/** The orders in which I bought batches of redeem codes, newest first, paged: /order/v5/redeem/orders. */
import { calls } from '@ac/protocol/calls';
import { type TRedeemOrderRow, ZRedeemOrdersResponse } from '@ac/protocol/commerce';
import type { TList, TListRequest } from '@ac/protocol/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchRedeemOrders(params: TListRequest): Promise<TList<TRedeemOrderRow>> {
  return ZRedeemOrdersResponse.parse(await apiCall(calls.redeem.orders, params));
}

export const redeemOrdersQueryOptions = (params: TListRequest) =>
  queryOptions({
    queryKey: ['redeem', 'orders', params],
    queryFn: () => fetchRedeemOrders(params),
    placeholderData: keepPreviousData,
  });

export function useRedeemOrders(params: TListRequest) {
  return useQuery(redeemOrdersQueryOptions(params));
}
