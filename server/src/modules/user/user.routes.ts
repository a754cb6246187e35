import { ZEmpty } from '@ac/protocol/common';
import { ZUserInfoResponse } from '@ac/protocol/session';
import { defineCall } from '../../envelope/call.ts';
import type { UserInfoService } from './user-info.service.ts';

export function createUserCalls(d: { userInfo: UserInfoService }) {
  return [
    defineCall({
      path: '/user/v5/sysuser/userInfo',
      summary: 'The logged-in user, storage and current membership',
      tag: 'session',
      auth: true,
      request: ZEmpty,
      response: ZUserInfoResponse,
      handler: ({ session }) => d.userInfo.userInfo(session.userId, session.token),
    }),
  ];
}
