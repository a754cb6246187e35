/** After paying an order from the list: the orders, the products and the current membership. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userInfoQueryOptions } from '@/lib/session/user-info';

export function useRefreshAfterPayment(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    // The prefix of ordersQueryOptions and orderDetailQueryOptions: every page, filter and detail.
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
  }, [queryClient]);
}
