/**
 * /user/v5/profile/update4Findpwd: with a reset link {id, password}, or in
 * China with an SMS code of purpose findPwd {mobile, code, password} → {}.
 */
import type { TResetByCodeRequest, TResetByLinkRequest } from '@ac/protocol/registration';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const UPDATE_FOR_FIND_PWD_PATH = '/user/v5/profile/update4Findpwd';

export async function fetchUpdateForFindPwd(payload: TResetByLinkRequest | TResetByCodeRequest): Promise<void> {
  await request(UPDATE_FOR_FIND_PWD_PATH, payload);
}

export function useUpdateForFindPwd() {
  return useMutation({ mutationFn: fetchUpdateForFindPwd });
}
