/**
 * Logging in with a provider: /user/v5/third/web/login {type, redirect} →
 * {url}; back from the provider, /user/v5/third/login/{type} {code, state,
 * iss} → {utoken, userInfo} or {needRegister, ticket, profile}; after a
 * normal login, /user/v5/third/bindByTicket {ticket} links that identity.
 */
import { calls } from '@ac/protocol/calls';
import type { TThirdPartyType } from '@ac/protocol/enums';
import {
  type TAuthorizeResponse,
  type TThirdLoginResponse,
  ZAuthorizeResponse,
  ZThirdLoginResponse,
} from '@ac/protocol/third-party';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export type ThirdLoginInput = { type: TThirdPartyType; code: string; state: string; iss?: string };

export async function fetchThirdLoginUrl(input: {
  type: TThirdPartyType;
  redirect: string;
}): Promise<TAuthorizeResponse> {
  return ZAuthorizeResponse.parse(await apiCall(calls.thirdParty.loginUrl, input));
}

export async function fetchThirdLogin({ type, ...callback }: ThirdLoginInput): Promise<TThirdLoginResponse> {
  return ZThirdLoginResponse.parse(await apiCall(calls.thirdParty.loginWith(type), callback));
}

export async function fetchBindByTicket(input: { ticket: string }): Promise<void> {
  await apiCall(calls.thirdParty.bindByTicket, input);
}

export function useThirdLoginUrl() {
  return useMutation({ mutationFn: fetchThirdLoginUrl });
}

export function useThirdLogin() {
  return useMutation({ mutationFn: fetchThirdLogin });
}
