/**
 * Changes the password: /user/v5/sysuser/updatePassword with the current
 * password or a code sent to the user's mobile (purpose changePassword).
 * The server ends the other sessions; this one stays.
 */
import { calls } from '@ac/protocol/calls';
import type { TUpdatePasswordRequest } from '@ac/protocol/profile';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchUpdatePassword(payload: TUpdatePasswordRequest): Promise<void> {
  await apiCall(calls.password.update, payload);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: fetchUpdatePassword });
}
