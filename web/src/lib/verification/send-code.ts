/**
 * Sends a verification code by mail (/user/v5/profile/sendEmailCode) or SMS
 * (/user/v5/profile/sendSmsCode) for a purpose; `ticket` comes from the image
 * captcha once the server asks for one (1100010). Answers {resendAfter}.
 */
import { calls } from '@ac/protocol/calls';
import type { TCodePurpose } from '@ac/protocol/enums';
import type { TSendCodeResponse } from '@ac/protocol/verification';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export type CodeChannel = 'email' | 'sms';
export type SendCodeInput = { channel: CodeChannel; target: string; purpose: TCodePurpose; ticket?: string };

export function sendCode({ channel, target, purpose, ticket }: SendCodeInput): Promise<TSendCodeResponse> {
  return channel === 'email'
    ? apiCall(calls.codes.sendEmailCode, { email: target, purpose, ticket })
    : apiCall(calls.codes.sendSmsCode, { mobile: target, purpose, ticket });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
