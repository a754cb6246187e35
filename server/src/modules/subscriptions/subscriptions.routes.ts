import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const limit = { max: 30, timeWindow: '1 minute' };

export function createSubscriptionsCalls(d: { subscriptions: SubscriptionsService }) {
  const s = d.subscriptions;
  return [
    defineCall(calls.subscriptions.plans, { handler: () => s.plans() }),
    defineCall(calls.subscriptions.mine, { handler: ({ session }) => s.list(session.userId) }),
    defineCall(calls.subscriptions.subscribe, {
      rateLimit: limit,
      handler: ({ payload, session, clientInfo, ip, requestId }) =>
        s.subscribe(session.userId, payload, clientInfo.language, { ip, requestId }),
    }),
    defineCall(calls.subscriptions.cancel, {
      rateLimit: limit,
      handler: ({ payload, session, ip, requestId }) => s.cancel(session.userId, payload.id, { ip, requestId }),
    }),
    defineCall(calls.subscriptions.resume, {
      rateLimit: limit,
      handler: ({ payload, session, ip, requestId }) => s.resume(session.userId, payload.id, { ip, requestId }),
    }),
    defineCall(calls.subscriptions.change, {
      rateLimit: limit,
      handler: ({ payload, session, ip, requestId }) => s.change(session.userId, payload, { ip, requestId }),
    }),
    defineCall(calls.subscriptions.portal, {
      rateLimit: limit,
      handler: ({ payload, session }) => s.portal(session.userId, payload.id),
    }),
  ];
}
