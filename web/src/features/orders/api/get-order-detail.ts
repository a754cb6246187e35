/** One of my orders with its lines, detail state, pay state and refund: /order/v5/order/detail. */
import { calls } from '@ac/protocol/calls';
import { type TOrderDetail, ZOrderDetailResponse } from '@ac/protocol/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchOrderDetail(orderNo: string): Promise<TOrderDetail> {
  return ZOrderDetailResponse.parse(await apiCall(calls.orders.detail, { orderNo }));
}

export const orderDetailQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: ['orders', 'detail', orderNo], queryFn: () => fetchOrderDetail(orderNo), staleTime: 0 });

export function useOrderDetail(orderNo: string | undefined) {
  return useQuery({ ...orderDetailQueryOptions(orderNo ?? ''), enabled: orderNo !== undefined });
}
