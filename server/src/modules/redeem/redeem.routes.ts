import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { RedeemService } from './redeem.service.ts';
import type { RedeemPurchaseService } from './redeem-purchase.service.ts';

const limit = { max: 30, timeWindow: '1 minute' };
const handOverLimit = { max: 60, timeWindow: '1 hour' };

export function createRedeemCalls(d: { redeem: RedeemService; redeemPurchases: RedeemPurchaseService }) {
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
    defineCall(calls.redeem.offers, {
      handler: ({ session }) => d.redeemPurchases.offers(session.userId),
    }),
    defineCall(calls.redeem.buy, {
      rateLimit: limit,
      handler: ({ payload, session, clientInfo, ip, requestId }) =>
        d.redeemPurchases.buy(session.userId, payload, { channel: clientInfo.channelCode || 'web', ip, requestId }),
    }),
    defineCall(calls.redeem.orderDetail, {
      handler: ({ payload, session }) => d.redeemPurchases.detail(session.userId, payload.orderNo),
    }),
    defineCall(calls.redeem.handOver, {
      rateLimit: handOverLimit,
      handler: ({ payload, session, clientInfo, ip, requestId }) =>
        d.redeemPurchases.handOver({ userId: session.userId, language: clientInfo.language, ip, requestId }, payload),
    }),
  ];
}
