import { Code } from '@ac/protocol/codes';
import {
  ZSendCodeResponse,
  ZSendEmailCodeRequest,
  ZSendSmsCodeRequest,
  ZSmsCodeVerifyRequest,
  ZSmsCodeVerifyResponse,
} from '@ac/protocol/verification';
import { defineCall } from '../../envelope/call.ts';
import type { CodeDelivery } from './code-delivery.ts';
import type { CodesService } from './codes.service.ts';

type Deps = { codes: Pick<CodesService, 'verify'>; delivery: CodeDelivery };

const limit = { max: 20, timeWindow: '1 minute' };

export function createCodesCalls(d: Deps) {
  return [
    defineCall({
      path: '/user/v5/profile/sendEmailCode',
      summary: 'Send a verification code by mail',
      tag: 'codes',
      auth: false,
      rateLimit: limit,
      request: ZSendEmailCodeRequest,
      response: ZSendCodeResponse,
      errors: [Code.codeSendTooSoon, Code.tooManyRequests, Code.captchaRequired, Code.accountOnOtherNode],
      handler: ({ payload: { email, purpose, ticket }, clientInfo, session, ip, requestId }) =>
        d.delivery.byEmail(email, { purpose, ticket, session, language: clientInfo.language, ip, requestId }),
    }),
    defineCall({
      path: '/user/v5/profile/sendSmsCode',
      summary: 'Send a verification code by SMS',
      tag: 'codes',
      auth: false,
      rateLimit: limit,
      request: ZSendSmsCodeRequest,
      response: ZSendCodeResponse,
      errors: [Code.codeSendTooSoon, Code.tooManyRequests, Code.captchaRequired, Code.accountOnOtherNode],
      handler: ({ payload: { mobile, purpose, ticket }, clientInfo, session, ip, requestId }) =>
        d.delivery.bySms(mobile, { purpose, ticket, session, language: clientInfo.language, ip, requestId }),
    }),
    defineCall({
      path: '/user/v5/profile/smsCodeVerify',
      summary: 'Check an SMS code before the step that uses it (the code stays valid for that step)',
      tag: 'codes',
      auth: false,
      rateLimit: limit,
      request: ZSmsCodeVerifyRequest,
      response: ZSmsCodeVerifyResponse,
      errors: [Code.codeInvalid],
      async handler({ payload }) {
        await d.codes.verify(payload.purpose, payload.mobile, payload.code, { consume: false });
        return { verified: true as const };
      },
    }),
  ];
}
