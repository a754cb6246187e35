import type { AppModule } from '../module.ts';
import { createSessionCalls } from './session.routes.ts';
import type { SessionService } from './session.service.ts';

/** Login by password or code, logout. */
export function sessionModule(d: {
  sessions: SessionService;
  publicUrl: string;
  loginRateLimitPerMinute: number;
}): AppModule {
  return { calls: createSessionCalls(d) };
}
