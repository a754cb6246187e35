/**
 * Binding a provider: /user/v5/third/web/binding {type, redirect} → {url}
 * (the browser goes there), then on the way back /user/v5/third/bindThirdParty
 * {type, code, state, iss}; unbinding: /user/v5/third/unBindThirdParty {type}.
 */
import { calls } from '@ac/protocol/calls';
import type { TThirdPartyType } from '@ac/protocol/enums';
import { type TAuthorizeResponse, ZAuthorizeResponse } from '@ac/protocol/third-party';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { thirdPartyListQueryOptions } from './third-party-list';

export type BindInput = { type: TThirdPartyType; code: string; state: string; iss?: string };

export async function fetchBindingUrl(input: { type: TThirdPartyType; redirect: string }): Promise<TAuthorizeResponse> {
  return ZAuthorizeResponse.parse(await apiCall(calls.thirdParty.bindingUrl, input));
}

export async function fetchBindThirdParty(input: BindInput): Promise<void> {
  await apiCall(calls.thirdParty.bind, input);
}

export async function fetchUnbindThirdParty(input: { type: TThirdPartyType }): Promise<void> {
  await apiCall(calls.thirdParty.unbind, input);
}

export function useBindingUrl() {
  return useMutation({ mutationFn: fetchBindingUrl });
}

function useInvalidateList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: thirdPartyListQueryOptions().queryKey });
}

export function useBindThirdParty() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: fetchBindThirdParty, onSuccess: invalidate });
}

export function useUnbindThirdParty() {
  const invalidate = useInvalidateList();
  return useMutation({ mutationFn: fetchUnbindThirdParty, onSuccess: invalidate });
}
