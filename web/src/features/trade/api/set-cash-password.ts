/** Sets or changes the cash password: /user/v5/sysuser/setCashPassword. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchSetCashPassword(payload: CallRequest<typeof calls.trade.setCashPassword>) {
  return apiCall(calls.trade.setCashPassword, payload);
}

export function useSetCashPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchSetCashPassword, onSuccess: () => refreshTradeAccount(queryClient) });
}
