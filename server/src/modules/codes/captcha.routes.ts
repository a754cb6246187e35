import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { CaptchaService } from './captcha.service.ts';

type Deps = { captcha: CaptchaService };

const limit = { max: 30, timeWindow: '1 minute' };

export function createCaptchaCalls(d: Deps) {
  return [
    defineCall(calls.codes.kaptcha, {
      rateLimit: limit,
      handler: ({ session, ip, requestId }) => d.captcha.create({ ip, userId: session?.userId, requestId }),
    }),
    defineCall(calls.codes.kaptchaVerify, {
      rateLimit: limit,
      handler: ({ payload, session, ip, requestId }) =>
        d.captcha.verify(payload.imageKey, payload.answer, { ip, userId: session?.userId, requestId }),
    }),
  ];
}
