import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { CodeDelivery } from './code-delivery.ts';
import type { CodesService } from './codes.service.ts';

type Deps = { codes: Pick<CodesService, 'verify'>; delivery: CodeDelivery };

const limit = { max: 20, timeWindow: '1 minute' };

export function createCodesCalls(d: Deps) {
  return [
    defineCall(calls.codes.sendEmailCode, {
      rateLimit: limit,
      handler: ({ payload: { email, purpose, ticket }, clientInfo, session, ip, requestId }) =>
        d.delivery.byEmail(email, { purpose, ticket, session, language: clientInfo.language, ip, requestId }),
    }),
    defineCall(calls.codes.sendSmsCode, {
      rateLimit: limit,
      handler: ({ payload: { mobile, purpose, ticket }, clientInfo, session, ip, requestId }) =>
        d.delivery.bySms(mobile, { purpose, ticket, session, language: clientInfo.language, ip, requestId }),
    }),
    defineCall(calls.codes.smsCodeVerify, {
      rateLimit: limit,
      async handler({ payload }) {
        await d.codes.verify(payload.purpose, payload.mobile, payload.code, { consume: false });
        return { verified: true as const };
      },
    }),
  ];
}
