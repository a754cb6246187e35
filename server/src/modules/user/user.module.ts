import type { AppModule } from '../module.ts';
import type { UserInfoService } from './user-info.service.ts';
import { createUserCalls } from './user.routes.ts';

/** userInfo: the account with its storage and membership. */
export function userModule(d: { userInfo: UserInfoService }): AppModule {
  return { calls: createUserCalls(d) };
}
