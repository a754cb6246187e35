/** /user/v5/sysuser/sendActivateEmail {email} → {} (any address; 1200004 within a minute). */
import { calls } from '@ac/protocol/calls';
import type { TEmailOnlyRequest } from '@ac/protocol/registration';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchSendActivateEmail(payload: TEmailOnlyRequest): Promise<void> {
  await apiCall(calls.registration.sendActivateEmail, payload);
}

export function useSendActivateEmail() {
  return useMutation({ mutationFn: fetchSendActivateEmail });
}
