import type { AppModule } from '../module.ts';
import type { ActivityService } from './activity.service.ts';
import { createSessionCalls } from './session.routes.ts';
import type { SessionService } from './session.service.ts';
import type { UserInfoService } from './user-info.service.ts';

/** Login by password or code, logout, the logged-in user (userInfo), and the account's activity. */
export function sessionModule(d: {
  sessions: SessionService;
  userInfo: UserInfoService;
  activity: ActivityService;
  publicUrl: string;
  loginRateLimitPerMinute: number;
}): AppModule {
  return { calls: createSessionCalls(d) };
}
