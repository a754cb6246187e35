/** Deletes an education entry: /user/v5/sysuser/deleteEducation. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchDeleteEducation(payload: CallRequest<typeof calls.trade.deleteEducation>) {
  return apiCall(calls.trade.deleteEducation, payload);
}

export function useDeleteEducation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchDeleteEducation, onSuccess: () => refreshTradeAccount(queryClient) });
}
