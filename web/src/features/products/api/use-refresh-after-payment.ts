/** After a payment: the product centre (new expiry), the current membership and the order lists. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userInfoQueryOptions } from '@/lib/session/user-info';
import { myProductsQueryOptions } from './get-my-products';

export function useRefreshAfterPayment(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: myProductsQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  }, [queryClient]);
}
