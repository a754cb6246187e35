/**
 * Logging in with a provider: /user/v5/third/web/login {type, redirect} →
 * {url}; back from the provider, /user/v5/third/login/{type} {code, state,
 * iss} → {utoken, userInfo} or {needRegister, ticket, profile}; after a
 * normal login, /user/v5/third/bindByTicket {ticket} links that identity.
 */
import type { TThirdPartyType } from '@ac/protocol/enums';
import {
  type TAuthorizeResponse,
  type TThirdLoginResponse,
  ZAuthorizeResponse,
  ZThirdLoginResponse,
} from '@ac/protocol/third-party';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const THIRD_LOGIN_URL_PATH = '/user/v5/third/web/login';
export const thirdLoginPath = (type: TThirdPartyType) => `/user/v5/third/login/${type}`;
export const BIND_BY_TICKET_PATH = '/user/v5/third/bindByTicket';

export type ThirdLoginInput = { type: TThirdPartyType; code: string; state: string; iss?: string };

export async function fetchThirdLoginUrl(input: {
  type: TThirdPartyType;
  redirect: string;
}): Promise<TAuthorizeResponse> {
  return ZAuthorizeResponse.parse(await request(THIRD_LOGIN_URL_PATH, input));
}

export async function fetchThirdLogin({ type, ...callback }: ThirdLoginInput): Promise<TThirdLoginResponse> {
  return ZThirdLoginResponse.parse(await request(thirdLoginPath(type), callback));
}

export async function fetchBindByTicket(input: { ticket: string }): Promise<void> {
  await request(BIND_BY_TICKET_PATH, input);
}

export function useThirdLoginUrl() {
  return useMutation({ mutationFn: fetchThirdLoginUrl });
}

export function useThirdLogin() {
  return useMutation({ mutationFn: fetchThirdLogin });
}
