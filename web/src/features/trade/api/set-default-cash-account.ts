/** Makes a cash-out account the default: /user/v5/sysuser/setDefCashAccount. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchSetDefCashAccount(payload: CallRequest<typeof calls.trade.setDefCashAccount>) {
  return apiCall(calls.trade.setDefCashAccount, payload);
}

export function useSetDefCashAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchSetDefCashAccount, onSuccess: () => refreshTradeAccount(queryClient) });
}
