/** After a payment or a coupon change: everything it can change (PAYMENT_OUTCOMES) loads again. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateCall } from '@/lib/api/use-call';
import { PAYMENT_OUTCOMES } from '@/lib/checkout/payment-outcomes';

export function useRefreshAfterPayment(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void invalidateCall(queryClient, ...PAYMENT_OUTCOMES), [queryClient]);
}
