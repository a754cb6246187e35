import { ZMyProducts } from '@ac/protocol/commerce';
import { ZEmpty } from '@ac/protocol/common';
import { defineCall } from '../../envelope/call.ts';
import type { MembershipsService } from './memberships.service.ts';

export function createMembershipsCalls(d: { memberships: MembershipsService }) {
  return [
    defineCall({
      path: '/order/v5/product/mine',
      summary: 'My membership products with expiry',
      tag: 'products',
      auth: true,
      request: ZEmpty,
      response: ZMyProducts,
      handler: async ({ session }) => ({ rows: await d.memberships.products(session.userId) }),
    }),
  ];
}
