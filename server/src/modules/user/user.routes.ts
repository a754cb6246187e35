import { ZEmpty } from '@ac/protocol/common';
import { ZUserInfoResponse } from '@ac/protocol/session';
import { defineCall } from '../../envelope/call.ts';
import type { UserService } from './user.service.ts';

export function createUserCalls(d: { users: UserService }) {
  return [
    defineCall({
      path: '/user/v5/sysuser/userInfo',
      summary: 'The logged-in user, storage and current membership',
      tag: 'session',
      auth: true,
      request: ZEmpty,
      response: ZUserInfoResponse,
      handler: ({ session }) => d.users.userInfo(session.userId, session.token),
    }),
  ];
}
