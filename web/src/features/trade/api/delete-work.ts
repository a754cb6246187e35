/** Deletes a work-experience entry: /user/v5/sysuser/deleteWork. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchDeleteWork(payload: CallRequest<typeof calls.trade.deleteWork>) {
  return apiCall(calls.trade.deleteWork, payload);
}

export function useDeleteWork() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchDeleteWork, onSuccess: () => refreshTradeAccount(queryClient) });
}
