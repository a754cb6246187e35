/** Whether an order is paid yet: /order/v5/order/payState → {payState, status}; optionally polled. */
import { calls } from '@ac/protocol/calls';
import { useCall } from '@/lib/api/use-call';

/** The WeChat QR flow asks every 2.5 s until the order is paid. */
export const PAY_STATE_POLL_MS = 2500;

export function usePayState(orderNo: string, options: { enabled: boolean; poll?: boolean }) {
  return useCall(
    calls.payments.payState,
    { orderNo },
    {
      enabled: options.enabled,
      staleTime: 0,
      refetchInterval: (query) => (options.poll && query.state.data?.payState !== 1 ? PAY_STATE_POLL_MS : false),
    },
  );
}
