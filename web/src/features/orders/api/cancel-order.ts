/** Cancels an unpaid order (status 0 or 6): /order/v5/order/cancel; refreshes the lists and its detail. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';
import { orderDetailQueryOptions } from './get-order-detail';

export const ORDER_CANCEL_PATH = '/order/v5/order/cancel';

export async function fetchCancelOrder(orderNo: string): Promise<void> {
  await request(ORDER_CANCEL_PATH, { orderNo });
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
