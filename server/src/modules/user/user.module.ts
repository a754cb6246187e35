import type { AppModule } from '../module.ts';
import { createUserCalls } from './user.routes.ts';
import type { UserInfoService } from './user-info.service.ts';

/** userInfo: the account with its storage and membership. */
export function userModule(d: { userInfo: UserInfoService }): AppModule {
  return { calls: createUserCalls(d) };
}
