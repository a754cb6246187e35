import type { AppModule } from '../module.ts';
import { createTwoFactorCalls } from './two-factor.routes.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/** The member's two-step verification settings (the second step of a login is the session module's). */
export function twoFactorModule(d: {
  twoFactor: TwoFactorService;
  publicUrl: string;
  loginRateLimitPerMinute: number;
}): AppModule {
  return { calls: createTwoFactorCalls(d) };
}
