/** Code login: /user/v5/sysuser/loginByCode {account, code} → {utoken, userInfo}. */
import { calls } from '@ac/protocol/calls';
import { type TLoginByCodeRequest, type TLoginResponse, ZLoginResponse } from '@ac/protocol/session';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchLoginByCode(payload: TLoginByCodeRequest): Promise<TLoginResponse> {
  return ZLoginResponse.parse(await apiCall(calls.session.loginByCode, payload));
}

export function useLoginByCode() {
  return useMutation({ mutationFn: fetchLoginByCode });
}
