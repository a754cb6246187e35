import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { MembershipsService } from './memberships.service.ts';

export function createMembershipsCalls(d: { memberships: MembershipsService }) {
  return [
    defineCall(calls.memberships.mine, {
      handler: ({ session }) => d.memberships.products(session.userId),
    }),
  ];
}
