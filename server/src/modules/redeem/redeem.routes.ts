import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { RedeemService } from './redeem.service.ts';

const limit = { max: 30, timeWindow: '1 minute' };

export function createRedeemCalls(d: { redeem: RedeemService }) {
  return [
    defineCall(calls.redeem.list, {
      handler: ({ payload, session }) => d.redeem.list(session.userId, payload),
    }),
    defineCall(calls.redeem.preview, {
      rateLimit: limit,
      handler: ({ payload, session }) => d.redeem.preview(session.userId, payload.code),
    }),
    defineCall(calls.redeem.exchange, {
      rateLimit: limit,
      handler: ({ payload, session, ip, requestId }) =>
        d.redeem.exchange(session.userId, payload.code, { ip, requestId }),
    }),
    defineCall(calls.redeem.orders, {
      handler: ({ payload, session }) => d.redeem.orders(session.userId, payload),
    }),
  ];
}
