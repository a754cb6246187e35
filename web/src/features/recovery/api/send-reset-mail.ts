/**
 * Mails a reset link: /user/v5/profile/sendFindPwdEmail {email, h5?} → {}
 * for any address (1200004 within a minute). Asked from the h5 shell, the
 * mailed link opens the h5 reset page (China).
 */
import { calls } from '@ac/protocol/calls';
import type { TEmailOnlyRequest } from '@ac/protocol/registration';
import { useMutation } from '@tanstack/react-query';
import { useShellKind } from '@/components/shell-context';
import { apiCall } from '@/lib/api/api-client';

export function useSendResetMail() {
  const h5 = useShellKind() === 'h5';
  return useMutation({
    mutationFn: (payload: TEmailOnlyRequest) =>
      apiCall(calls.recovery.sendFindPwdEmail, h5 ? { ...payload, h5 } : payload),
  });
}
