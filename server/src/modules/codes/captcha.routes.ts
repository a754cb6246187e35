import { Code } from '@ac/protocol/codes';
import { ZEmpty } from '@ac/protocol/common';
import { ZKaptchaResponse, ZKaptchaVerifyRequest, ZKaptchaVerifyResponse } from '@ac/protocol/profile';
import { defineCall } from '../../envelope/call.ts';
import type { CaptchaService } from './captcha.service.ts';

type Deps = { captcha: CaptchaService };

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
      handler: ({ session, ip, requestId }) => d.captcha.create({ ip, userId: session?.userId, requestId }),
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
      handler: ({ payload, session, ip, requestId }) =>
        d.captcha.verify(payload.imageKey, payload.answer, { ip, userId: session?.userId, requestId }),
    }),
  ];
}
