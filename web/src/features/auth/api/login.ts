/** Password login: /user/v5/sysuser/login {account, password} → {utoken, userInfo}. */
import { type TLoginRequest, type TLoginResponse, ZLoginResponse } from '@ac/protocol/session';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const LOGIN_PATH = '/user/v5/sysuser/login';

export async function fetchLogin(payload: TLoginRequest): Promise<TLoginResponse> {
  return ZLoginResponse.parse(await request(LOGIN_PATH, payload));
}

export function useLogin() {
  return useMutation({ mutationFn: fetchLogin });
}
