import type { AppModule } from '../module.ts';
import { createSessionCalls } from './session.routes.ts';
import type { SessionService } from './session.service.ts';
import type { UserInfoService } from './user-info.service.ts';

/** Login by password or code, logout, and the logged-in user (userInfo). */
export function sessionModule(d: {
  sessions: SessionService;
  userInfo: UserInfoService;
  publicUrl: string;
  loginRateLimitPerMinute: number;
}): AppModule {
  return { calls: createSessionCalls(d) };
}
