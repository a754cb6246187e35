/** After a payment or a coupon change: the order lists and details, the product centre (new expiry), my coupons and the current membership. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { userInfoQueryOptions } from '@/lib/session/user-info';

export function useRefreshAfterPayment(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    // Key prefixes of the orders and products features' query options: every page, filter, detail and list.
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    void queryClient.invalidateQueries({ queryKey: ['coupons'] });
    void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
  }, [queryClient]);
}
