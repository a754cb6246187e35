import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { CouponsService } from './coupons.service.ts';

export function createCouponsCalls(d: { coupons: CouponsService }) {
  return [
    defineCall(calls.coupons.list, {
      handler: ({ payload, session }) => d.coupons.list(session.userId, payload),
    }),
  ];
}
