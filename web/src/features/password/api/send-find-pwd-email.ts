/** /user/v5/profile/sendFindPwdEmail {email} → {} for any address (1200004 within a minute). */
import type { TEmailOnlyRequest } from '@ac/protocol/registration';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const SEND_FIND_PWD_EMAIL_PATH = '/user/v5/profile/sendFindPwdEmail';

export async function fetchSendFindPwdEmail(payload: TEmailOnlyRequest): Promise<void> {
  await request(SEND_FIND_PWD_EMAIL_PATH, payload);
}

export function useSendFindPwdEmail() {
  return useMutation({ mutationFn: fetchSendFindPwdEmail });
}
