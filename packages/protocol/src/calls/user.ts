/** The logged-in user as the clients show it (docs/protocol.md#sessions). */
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import { ZUserInfoResponse } from '../session.ts';

export const user = {
  userInfo: defineContract({
    path: '/user/v5/sysuser/userInfo',
    summary: 'The logged-in user, storage and current membership',
    tag: 'session',
    auth: true,
    request: ZEmpty,
    response: ZUserInfoResponse,
  }),
};
