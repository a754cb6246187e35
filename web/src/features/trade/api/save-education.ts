/** Adds an education entry: /user/v5/sysuser/saveEducation. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchSaveEducation(payload: CallRequest<typeof calls.trade.saveEducation>) {
  return apiCall(calls.trade.saveEducation, payload);
}

export function useSaveEducation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchSaveEducation, onSuccess: () => refreshTradeAccount(queryClient) });
}
