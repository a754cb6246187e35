/**
 * Sends a login code: by mail overseas (/user/v5/profile/sendEmailCode
 * {email, purpose}), by SMS in China (/user/v5/profile/sendSmsCode
 * {mobile, purpose}). Answers {resendAfter} in seconds.
 */
import { type TSendCodeResponse, ZSendCodeResponse } from '@ac/protocol/verification';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const SEND_EMAIL_CODE_PATH = '/user/v5/profile/sendEmailCode';
export const SEND_SMS_CODE_PATH = '/user/v5/profile/sendSmsCode';

export type SendLoginCodeInput = { channel: 'email' | 'sms'; target: string };

export async function fetchSendLoginCode({ channel, target }: SendLoginCodeInput): Promise<TSendCodeResponse> {
  const answer =
    channel === 'email'
      ? await request(SEND_EMAIL_CODE_PATH, { email: target, purpose: 'login' })
      : await request(SEND_SMS_CODE_PATH, { mobile: target, purpose: 'login' });
  return ZSendCodeResponse.parse(answer);
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: fetchSendLoginCode });
}
