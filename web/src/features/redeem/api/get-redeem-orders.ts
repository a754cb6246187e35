/** The orders in which I bought batches of redeem codes, newest first, paged: /order/v5/redeem/orders. */
import { type TRedeemOrderRow, ZRedeemOrdersResponse } from '@ac/protocol/commerce';
import type { TList, TListRequest } from '@ac/protocol/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const REDEEM_ORDERS_PATH = '/order/v5/redeem/orders';

export async function fetchRedeemOrders(params: TListRequest): Promise<TList<TRedeemOrderRow>> {
  return ZRedeemOrdersResponse.parse(await request(REDEEM_ORDERS_PATH, params));
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
