import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { UserService } from './user.service.ts';

export function createUserCalls(d: { users: UserService }) {
  return [
    defineCall(calls.user.userInfo, {
      handler: ({ session }) => d.users.userInfo(session.userId, session.token),
    }),
  ];
}
