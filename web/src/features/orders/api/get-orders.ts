/** My orders, newest first, paged and optionally filtered by status: /order/v5/order/list. */
import { type TOrderListRequest, type TOrderRow, ZOrderList } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const ORDER_LIST_PATH = '/order/v5/order/list';

export type OrdersParams = Pick<TOrderListRequest, 'pageNo' | 'pageSize' | 'status'>;

export async function fetchOrders(params: OrdersParams): Promise<TList<TOrderRow>> {
  const payload = params.status === undefined ? { pageNo: params.pageNo, pageSize: params.pageSize } : params;
  return ZOrderList.parse(await request(ORDER_LIST_PATH, payload));
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
