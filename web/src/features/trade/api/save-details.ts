/** Saves the trade details: /user/v5/sysuser/saveDetailsInfo. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchSaveDetails(payload: CallRequest<typeof calls.trade.saveDetails>) {
  return apiCall(calls.trade.saveDetails, payload);
}

export function useSaveDetails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchSaveDetails, onSuccess: () => refreshTradeAccount(queryClient) });
}
