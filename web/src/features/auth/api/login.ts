/** Password login: /user/v5/sysuser/login {account, password} → {utoken, userInfo}. */
import { calls } from '@ac/protocol/calls';
import { type TLoginRequest, type TLoginResponse, ZLoginResponse } from '@ac/protocol/session';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchLogin(payload: TLoginRequest): Promise<TLoginResponse> {
  return ZLoginResponse.parse(await apiCall(calls.session.login, payload));
}

export function useLogin() {
  return useMutation({ mutationFn: fetchLogin });
}
