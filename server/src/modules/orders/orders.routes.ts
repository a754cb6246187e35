import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { OrdersService } from './orders.service.ts';

type Deps = { orders: OrdersService };
const limit = { max: 30, timeWindow: '1 minute' };

export function createOrdersCalls(d: Deps) {
  return [
    defineCall(calls.orders.list, {
      handler: ({ payload, session }) => d.orders.list(session.userId, payload),
    }),
    defineCall(calls.orders.create, {
      rateLimit: limit,
      handler: ({ payload, session, clientInfo, ip, requestId }) =>
        d.orders.create(session.userId, payload, { channel: clientInfo.channelCode || 'web', ip, requestId }),
    }),
    defineCall(calls.orders.detail, {
      handler: ({ payload, session }) => d.orders.detail(session.userId, payload.orderNo),
    }),
    defineCall(calls.orders.cancel, {
      async handler({ payload, session, ip, requestId }) {
        await d.orders.cancel(session.userId, payload.orderNo, { ip, requestId });
        return {};
      },
    }),
    defineCall(calls.orders.coupon, {
      rateLimit: limit,
      handler: ({ payload, session, ip, requestId }) =>
        d.orders.applyCoupon(session.userId, payload.orderNo, payload.coupon, { ip, requestId }),
    }),
    defineCall(calls.orders.couponOffers, {
      handler: ({ payload, session }) => d.orders.couponOffers(session.userId, payload.orderNo),
    }),
  ];
}
