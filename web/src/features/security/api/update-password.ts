/**
 * Changes the password: /user/v5/sysuser/updatePassword with the current
 * password or a code sent to the user's mobile (purpose changePassword).
 * The server ends the other sessions; this one stays.
 */
import type { TUpdatePasswordRequest } from '@ac/protocol/profile';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const UPDATE_PASSWORD_PATH = '/user/v5/sysuser/updatePassword';

export async function fetchUpdatePassword(payload: TUpdatePasswordRequest): Promise<void> {
  await request(UPDATE_PASSWORD_PATH, payload);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: fetchUpdatePassword });
}
