import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { ThirdPartyService } from './third-party.service.ts';

export type ThirdPartyDeps = { thirdParty: ThirdPartyService };

const limit = { max: 30, timeWindow: '1 minute' };

export function createThirdPartyCalls(d: ThirdPartyDeps) {
  return [
    defineCall(calls.thirdParty.list, {
      handler: async ({ session }) => ({ rows: await d.thirdParty.list(session.userId) }),
    }),
    defineCall(calls.thirdParty.bindingUrl, {
      rateLimit: limit,
      handler: ({ payload, session, userAgent }) =>
        d.thirdParty.bindUrl(session, payload.type, payload.redirect, userAgent),
    }),
    defineCall(calls.thirdParty.bind, {
      rateLimit: limit,
      async handler({ payload: { type, ...callback }, session, clientInfo, ip, requestId }) {
        await d.thirdParty.bind(session, type, callback, { ip, requestId, language: clientInfo.language });
        return {};
      },
    }),
    defineCall(calls.thirdParty.bindByTicket, {
      rateLimit: limit,
      async handler({ payload, session, clientInfo, ip, requestId }) {
        await d.thirdParty.bindByTicket(session, payload.ticket, { ip, requestId, language: clientInfo.language });
        return {};
      },
    }),
    defineCall(calls.thirdParty.unbind, {
      rateLimit: limit,
      async handler({ payload: { type }, session, clientInfo, ip, requestId }) {
        await d.thirdParty.unbind(session, type, { ip, requestId, language: clientInfo.language });
        return {};
      },
    }),
  ];
}
