/**
 * Deletes the account: /user/v5/sysuser/userCancelAccount {agree, code,
 * channel} with the code sent to the user's own mobile or email (purpose
 * cancelAccount). The session ends with it.
 */
import type { TCancelAccountRequest } from '@ac/protocol/profile';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const CANCEL_ACCOUNT_PATH = '/user/v5/sysuser/userCancelAccount';

export async function fetchCancelAccount(payload: TCancelAccountRequest): Promise<void> {
  await request(CANCEL_ACCOUNT_PATH, payload);
}

export function useCancelAccount() {
  return useMutation({ mutationFn: fetchCancelAccount });
}
