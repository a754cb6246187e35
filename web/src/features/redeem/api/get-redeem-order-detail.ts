/** One of my redeem-code orders with its codes: /order/v5/redeem/orderDetail; and its CSV link. */
import { calls } from '@ac/protocol/calls';
import { type TRedeemOrderDetail, ZRedeemOrderDetail } from '@ac/protocol/commerce';
import { redeemCodesCsvPath } from '@ac/protocol/http-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, callUrl } from '@/lib/api/api-client';

export async function fetchRedeemOrderDetail(orderNo: string): Promise<TRedeemOrderDetail> {
  return ZRedeemOrderDetail.parse(await apiCall(calls.redeem.orderDetail, { orderNo }));
}

export const redeemOrderDetailQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: ['redeem', 'orders', 'detail', orderNo], queryFn: () => fetchRedeemOrderDetail(orderNo) });

export function useRedeemOrderDetail(orderNo: string | null) {
  return useQuery({ ...redeemOrderDetailQueryOptions(orderNo ?? ''), enabled: orderNo !== null });
}

/** The order's codes as CSV (a GET with this browser's utoken). */
export function redeemCodesCsvUrl(orderNo: string): string {
  return callUrl(redeemCodesCsvPath(orderNo));
}
