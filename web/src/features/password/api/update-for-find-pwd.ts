/**
 * /user/v5/profile/update4Findpwd: with a reset link {id, password}, or in
 * China with an SMS code of purpose findPwd {mobile, code, password} → {}.
 */
import { calls } from '@ac/protocol/calls';
import type { TResetByCodeRequest, TResetByLinkRequest } from '@ac/protocol/registration';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchUpdateForFindPwd(payload: TResetByLinkRequest | TResetByCodeRequest): Promise<void> {
  await apiCall('id' in payload ? calls.recovery.resetByLink : calls.recovery.resetByLinkOrCode, payload);
}

export function useUpdateForFindPwd() {
  return useMutation({ mutationFn: fetchUpdateForFindPwd });
}
