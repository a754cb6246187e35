/** Deletes a cash-out account: /user/v5/sysuser/deleteCashAccount. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchDeleteCashAccount(payload: CallRequest<typeof calls.trade.deleteCashAccount>) {
  return apiCall(calls.trade.deleteCashAccount, payload);
}

export function useDeleteCashAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchDeleteCashAccount, onSuccess: () => refreshTradeAccount(queryClient) });
}
