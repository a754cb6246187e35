import { Code } from '@ac/protocol/codes';
import { type TRegion, thirdPartiesByRegion } from '@ac/protocol/enums';
import {
  ZAuthorizeRequest,
  ZAuthorizeResponse,
  ZThirdLoginRequest,
  ZThirdLoginResponse,
} from '@ac/protocol/third-party';
import { defineCall } from '../../envelope/call.ts';
import { setTicketCookie } from '../../lib/ticket-cookie.ts';
import { setLoginCookie, takeLoginCookie } from './login-cookie.ts';
import type { ThirdLoginService } from './third-login.service.ts';

type Deps = { thirdLogin: ThirdLoginService; region: TRegion; publicUrl: string };

const limit = { max: 30, timeWindow: '1 minute' };

/** Logging in with a provider: the authorize URL, then one call per provider of the region. */
export function createThirdLoginCalls(d: Deps) {
  return [
    defineCall({
      path: '/user/v5/third/web/login',
      summary: "The provider's authorize URL to log in with it (state + PKCE, 10 minutes, single use)",
      tag: 'third-party',
      auth: false,
      rateLimit: limit,
      request: ZAuthorizeRequest,
      response: ZAuthorizeResponse,
      errors: [Code.thirdTryLater, Code.notInRegion],
      handler: ({ payload, reply }) =>
        d.thirdLogin.loginUrl(payload.type, payload.redirect, () => setLoginCookie(reply, d.publicUrl)),
    }),
    ...thirdPartiesByRegion[d.region].map((type) =>
      defineCall({
        path: `/user/v5/third/login/${type}`,
        summary: `Log in with ${type}: {utoken, userInfo} for a bound identity, else {needRegister, ticket, profile}`,
        tag: 'third-party',
        auth: false,
        regions: [d.region],
        rateLimit: limit,
        request: ZThirdLoginRequest,
        response: ZThirdLoginResponse,
        errors: [Code.thirdTryLater, Code.thirdLoginAgain, Code.accountNotActivated],
        async handler({ payload, clientInfo, ip, userAgent, requestId, reply }) {
          const browser = takeLoginCookie(reply, d.publicUrl);
          const answer = await d.thirdLogin.login(type, payload, browser, { clientInfo, ip, userAgent, requestId });
          if ('utoken' in answer) setTicketCookie(reply, d.publicUrl, answer.utoken);
          return answer;
        },
      }),
    ),
  ];
}
