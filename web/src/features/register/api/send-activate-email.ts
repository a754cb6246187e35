/** /user/v5/sysuser/sendActivateEmail {email} → {} (any address; 1200004 within a minute). */
import type { TEmailOnlyRequest } from '@ac/protocol/registration';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const SEND_ACTIVATE_EMAIL_PATH = '/user/v5/sysuser/sendActivateEmail';

export async function fetchSendActivateEmail(payload: TEmailOnlyRequest): Promise<void> {
  await request(SEND_ACTIVATE_EMAIL_PATH, payload);
}

export function useSendActivateEmail() {
  return useMutation({ mutationFn: fetchSendActivateEmail });
}
