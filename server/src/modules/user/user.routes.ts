import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { UserInfoService } from './user-info.service.ts';

export function createUserCalls(d: { userInfo: UserInfoService }) {
  return [
    defineCall(calls.user.userInfo, {
      handler: ({ session }) => d.userInfo.userInfo(session.userId, session.token),
    }),
  ];
}
