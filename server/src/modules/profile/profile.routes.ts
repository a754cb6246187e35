import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { ProfileService } from './profile.service.ts';

type Deps = { profile: ProfileService };

export function createProfileCalls(d: Deps) {
  return [
    defineCall(calls.profile.getUserDetail, {
      handler: ({ session }) => d.profile.detail(session.userId),
    }),
    defineCall(calls.profile.update, {
      rateLimit: { max: 30, timeWindow: '1 minute' },
      handler: ({ payload, session, clientInfo, ip, requestId }) =>
        d.profile.update(session, payload, { ip, requestId, language: clientInfo.language }),
    }),
    defineCall(calls.profile.setMarketingConsent, {
      rateLimit: { max: 30, timeWindow: '1 minute' },
      handler: ({ payload, session, clientInfo, ip, requestId }) =>
        d.profile.setMarketingConsent(session.userId, payload.consent, {
          ip,
          requestId,
          language: clientInfo.language,
        }),
    }),
  ];
}
