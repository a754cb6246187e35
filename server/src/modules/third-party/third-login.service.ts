/**
 * Logging in with a provider: the authorize URL, then the callback — a
 * session for a bound identity, a need-to-register ticket otherwise.
 */
import type { TThirdPartyType } from '@ac/protocol/enums';
import type { TThirdLoginResponse } from '@ac/protocol/third-party';
import type { AuditService } from '../audit/audit.service.ts';
import type { LoginRequest, SessionService } from '../session/session.service.ts';
import type { Callback, OAuthFlow } from './oauth-flow.ts';
import type { ThirdPartyService } from './third-party.service.ts';

type Deps = {
  thirdParty: Pick<ThirdPartyService, 'assertInRegion' | 'login'>;
  flow: OAuthFlow;
  sessions: Pick<SessionService, 'loginAs'>;
  audit: AuditService;
};

export function createThirdLoginService(d: Deps) {
  return {
    /** `browser()` sets the login cookie and returns its value, once the provider is known to be of the region. */
    async loginUrl(type: TThirdPartyType, redirect: string, browser: () => string, userAgent: string | undefined) {
      d.thirdParty.assertInRegion(type);
      return { url: await d.flow.start('login', type, redirect, { userId: null, browser: browser(), userAgent }) };
    },

    /** `browser`: the login cookie sent back with the callback. */
    async login(
      type: TThirdPartyType,
      callback: Callback,
      browser: string | undefined,
      r: LoginRequest,
    ): Promise<TThirdLoginResponse> {
      const { ip, requestId } = r;
      const identity = await d.flow.finish('login', type, callback, null, browser);
      const result = await d.thirdParty.login(type, identity);
      if (!('userId' in result)) {
        await d.audit.record({ event: 'third.login.unbound', ip, requestId, detail: { type } });
        return result;
      }
      const answer = await d.sessions.loginAs(result.userId, r, `third:${type}`);
      if ('utoken' in answer) {
        await d.audit.record({
          event: 'third.login',
          userId: result.userId,
          ip,
          requestId,
          userAgent: r.userAgent ?? null,
          clientType: r.clientInfo.clientType,
          detail: { type },
        });
      }
      return answer;
    },
  };
}
export type ThirdLoginService = ReturnType<typeof createThirdLoginService>;
