/** Adds a cash-out account, proven by the cash password: /user/v5/sysuser/saveCashAccount. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchSaveCashAccount(payload: CallRequest<typeof calls.trade.saveCashAccount>) {
  return apiCall(calls.trade.saveCashAccount, payload);
}

export function useSaveCashAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchSaveCashAccount, onSuccess: () => refreshTradeAccount(queryClient) });
}
