/** My orders, newest first, paged and optionally filtered by status: /order/v5/order/list. */
import { calls } from '@ac/protocol/calls';
import { type TOrderListRequest, type TOrderRow, ZOrderList } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export type OrdersParams = Pick<TOrderListRequest, 'pageNo' | 'pageSize' | 'status'>;

export async function fetchOrders(params: OrdersParams): Promise<TList<TOrderRow>> {
  const payload = params.status === undefined ? { pageNo: params.pageNo, pageSize: params.pageSize } : params;
  return ZOrderList.parse(await apiCall(calls.orders.list, payload));
}

export const ordersQueryOptions = (params: OrdersParams) =>
  queryOptions({
    queryKey: ['orders', 'list', params],
    queryFn: () => fetchOrders(params),
    placeholderData: keepPreviousData,
  });

export function useOrders(params: OrdersParams) {
  return useQuery(ordersQueryOptions(params));
}
