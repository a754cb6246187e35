import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { CaptchaService } from './captcha.service.ts';

type Deps = { captcha: CaptchaService; audit: AuditRepo };

const limit = { max: 30, timeWindow: '1 minute' };

export function createCaptchaCalls(d: Deps) {
  return [
    defineCall(calls.codes.kaptcha, {
      rateLimit: limit,
      async handler({ session, ip, requestId }) {
        const captcha = await d.captcha.create(ip);
        await d.audit.record({ event: 'captcha.issued', userId: session?.userId, ip, requestId });
        return captcha;
      },
    }),
    defineCall(calls.codes.kaptchaVerify, {
      rateLimit: limit,
      async handler({ payload, session, ip, requestId }) {
        const userId = session?.userId;
        try {
          const answer = await d.captcha.verify(payload.imageKey, payload.answer);
          await d.audit.record({ event: 'captcha.passed', userId, ip, requestId });
          return answer;
        } catch (e) {
          await d.audit.record({ event: 'captcha.failed', userId, ip, requestId });
          throw e;
        }
      },
    }),
  ];
}
