/**
 * Sends a verification code by mail (/user/v5/profile/sendEmailCode) or SMS
 * (/user/v5/profile/sendSmsCode) for a purpose; `ticket` comes from the image
 * captcha once the server asks for one (1100010). Answers {resendAfter}.
 */
import { calls } from '@ac/protocol/calls';
import type { TCodePurpose } from '@ac/protocol/enums';
import { type TSendCodeResponse, ZSendCodeResponse } from '@ac/protocol/verification';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export type CodeChannel = 'email' | 'sms';
export type SendCodeInput = { channel: CodeChannel; target: string; purpose: TCodePurpose; ticket?: string };

export async function fetchSendCode({ channel, target, purpose, ticket }: SendCodeInput): Promise<TSendCodeResponse> {
  const answer =
    channel === 'email'
      ? await apiCall(calls.codes.sendEmailCode, { email: target, purpose, ticket })
      : await apiCall(calls.codes.sendSmsCode, { mobile: target, purpose, ticket });
  return ZSendCodeResponse.parse(answer);
}

export function useSendCode() {
  return useMutation({ mutationFn: fetchSendCode });
}
