import type { AppModule } from '../module.ts';
import { createCaptchaCalls } from './captcha.routes.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { CodeDelivery } from './code-delivery.ts';
import { createCodesCalls } from './codes.routes.ts';
import type { CodesService } from './codes.service.ts';

/** Verification codes by mail and SMS, and the image captcha that lets more be sent. */
export function codesModule(d: { codes: CodesService; delivery: CodeDelivery; captcha: CaptchaService }): AppModule {
  return { calls: [...createCodesCalls(d), ...createCaptchaCalls(d)] };
}
