import { calls } from '@ac/protocol/calls';
import { type TRegion, thirdPartiesByRegion } from '@ac/protocol/enums';
import { defineCall } from '../../envelope/call.ts';
import { setTicketCookie } from '../../lib/ticket-cookie.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { SessionService } from '../session/session.service.ts';
import type { UserService } from '../user/user.service.ts';
import { setLoginCookie, takeLoginCookie } from './login-cookie.ts';
import type { OAuthFlow } from './oauth-flow.ts';
import type { ThirdPartyService } from './third-party.service.ts';

type Deps = {
  thirdParty: ThirdPartyService;
  flow: OAuthFlow;
  sessions: Pick<SessionService, 'createSession'>;
  users: Pick<UserService, 'publicUserInfo'>;
  audit: AuditRepo;
  region: TRegion;
  publicUrl: string;
};

const limit = { max: 30, timeWindow: '1 minute' };

/** Logging in with a provider: the authorize URL, then one call per provider of the region. */
export function createThirdLoginCalls(d: Deps) {
  return [
    defineCall(calls.thirdParty.loginUrl, {
      rateLimit: limit,
      async handler({ payload, reply }) {
        d.thirdParty.assertInRegion(payload.type);
        const browser = setLoginCookie(reply, d.publicUrl);
        return { url: await d.flow.start('login', payload.type, payload.redirect, null, browser) };
      },
    }),
    ...thirdPartiesByRegion[d.region].map((type) =>
      defineCall(calls.thirdParty.loginWith(type), {
        rateLimit: limit,
        async handler({ payload, clientInfo, ip, userAgent, requestId, reply }) {
          const browser = takeLoginCookie(reply, d.publicUrl);
          const identity = await d.flow.finish('login', type, payload, null, browser);
          const result = await d.thirdParty.login(type, identity);
          if (!('userId' in result)) {
            await d.audit.record({ event: 'third.login.unbound', ip, requestId, detail: { type } });
            return result;
          }
          const utoken = await d.sessions.createSession(result.userId, { clientInfo, ip, userAgent });
          setTicketCookie(reply, d.publicUrl, utoken);
          await d.audit.record({ event: 'third.login', userId: result.userId, ip, requestId, detail: { type } });
          return { utoken, userInfo: await d.users.publicUserInfo(result.userId) };
        },
      }),
    ),
  ];
}
