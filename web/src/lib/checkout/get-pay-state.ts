/** Whether an order is paid yet: /order/v5/order/payState → {payState, status}; optionally polled. */
import { calls } from '@ac/protocol/calls';
import { type TOrderPayStateResponse, ZOrderPayStateResponse } from '@ac/protocol/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

/** The WeChat QR flow asks every 2.5 s until the order is paid. */
export const PAY_STATE_POLL_MS = 2500;

export async function fetchPayState(orderNo: string): Promise<TOrderPayStateResponse> {
  return ZOrderPayStateResponse.parse(await apiCall(calls.payments.payState, { orderNo }));
}

export const payStateQueryOptions = (orderNo: string, poll = false) =>
  queryOptions({
    queryKey: ['orders', 'payState', orderNo],
    queryFn: () => fetchPayState(orderNo),
    staleTime: 0,
    refetchInterval: (query) => (poll && query.state.data?.payState !== 1 ? PAY_STATE_POLL_MS : false),
  });

export function usePayState(orderNo: string, options: { enabled: boolean; poll?: boolean }) {
  return useQuery({ ...payStateQueryOptions(orderNo, options.poll), enabled: options.enabled });
}
