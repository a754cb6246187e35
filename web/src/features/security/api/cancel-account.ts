/**
 * Deletes the account: /user/v5/sysuser/userCancelAccount {agree, code,
 * channel} with the code sent to the user's own mobile or email (purpose
 * cancelAccount). The session ends with it.
 */
import { calls } from '@ac/protocol/calls';
import type { TCancelAccountRequest } from '@ac/protocol/profile';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchCancelAccount(payload: TCancelAccountRequest): Promise<void> {
  await apiCall(calls.account.cancel, payload);
}

export function useCancelAccount() {
  return useMutation({ mutationFn: fetchCancelAccount });
}
