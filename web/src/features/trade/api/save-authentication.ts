/** Verifies the identity once: /user/v5/sysuser/saveAuthentication. */
import { calls } from '@ac/protocol/calls';
import type { CallRequest } from '@ac/protocol/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { refreshTradeAccount } from './get-trade-account';

export function fetchSaveAuthentication(payload: CallRequest<typeof calls.trade.saveAuthentication>) {
  return apiCall(calls.trade.saveAuthentication, payload);
}

export function useSaveAuthentication() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fetchSaveAuthentication, onSuccess: () => refreshTradeAccount(queryClient) });
}
