/** Code login: /user/v5/sysuser/loginByCode {account, code} → {utoken, userInfo}. */
import { type TLoginByCodeRequest, type TLoginResponse, ZLoginResponse } from '@ac/protocol/session';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const LOGIN_BY_CODE_PATH = '/user/v5/sysuser/loginByCode';

export async function fetchLoginByCode(payload: TLoginByCodeRequest): Promise<TLoginResponse> {
  return ZLoginResponse.parse(await request(LOGIN_BY_CODE_PATH, payload));
}

export function useLoginByCode() {
  return useMutation({ mutationFn: fetchLoginByCode });
}
