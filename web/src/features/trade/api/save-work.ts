/** Adds a work-experience entry: /user/v5/sysuser/saveWork. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchSaveWork(payload: CallRequest<typeof calls.trade.saveWork>) {
  return apiCall(calls.trade.saveWork, payload);
}

export function useSaveWork() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchSaveWork, onSuccess: () => refreshTradeAccount(queryClient) });
}
