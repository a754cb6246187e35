import { Code } from '@ac/protocol/codes';
import { ZEmpty } from '@ac/protocol/common';
import { ZKaptchaResponse, ZKaptchaVerifyRequest, ZKaptchaVerifyResponse } from '@ac/protocol/profile';
import { defineCall } from '../../envelope/call.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { CaptchaService } from './captcha.service.ts';

type Deps = { captcha: CaptchaService; audit: AuditRepo };

const limit = { max: 30, timeWindow: '1 minute' };

export function createCaptchaCalls(d: Deps) {
  return [
    defineCall({
      path: '/user/v5/profile/kaptcha',
      summary: 'Draw an image captcha: {imageKey, image} where image is an SVG data URL (5 minutes, one try)',
      tag: 'codes',
      auth: false,
      rateLimit: limit,
      request: ZEmpty,
      response: ZKaptchaResponse,
      async handler({ session, ip, requestId }) {
        const captcha = await d.captcha.create(ip);
        await d.audit.record({ event: 'captcha.issued', userId: session?.userId, ip, requestId });
        return captcha;
      },
    }),
    defineCall({
      path: '/user/v5/profile/kaptchaVerify',
      summary: 'Answer an image captcha; the ticket lets one more code be sent (single use, 10 minutes)',
      tag: 'codes',
      auth: false,
      rateLimit: limit,
      request: ZKaptchaVerifyRequest,
      response: ZKaptchaVerifyResponse,
      errors: [Code.captchaWrong],
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
