/** Cancels an unpaid order (status 0 or 6): /order/v5/order/cancel; refreshes the lists and its detail. */
import { calls } from '@ac/protocol/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { orderDetailQueryOptions } from './get-order-detail';

export async function fetchCancelOrder(orderNo: string): Promise<void> {
  await apiCall(calls.orders.cancel, { orderNo });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchCancelOrder,
    onSettled: (_data, _error, orderNo) => {
      void queryClient.invalidateQueries({ queryKey: orderDetailQueryOptions(orderNo).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}
