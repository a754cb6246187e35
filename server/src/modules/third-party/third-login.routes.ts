import { calls } from '@ac/protocol/calls';
import { type TRegion, thirdPartiesByRegion } from '@ac/protocol/enums';
import { defineCall } from '../../envelope/call.ts';
import { setTicketCookie } from '../../lib/ticket-cookie.ts';
import { loginRequest } from '../session/login-request.ts';
import { setLoginCookie, takeLoginCookie } from './login-cookie.ts';
import type { ThirdLoginService } from './third-login.service.ts';

type Deps = { thirdLogin: ThirdLoginService; region: TRegion; publicUrl: string };

const limit = { max: 30, timeWindow: '1 minute' };

/** Logging in with a provider: the authorize URL, then one call per provider of the region. */
export function createThirdLoginCalls(d: Deps) {
  return [
    defineCall(calls.thirdParty.loginUrl, {
      rateLimit: limit,
      handler: ({ payload, reply, userAgent }) =>
        d.thirdLogin.loginUrl(payload.type, payload.redirect, () => setLoginCookie(reply, d.publicUrl), userAgent),
    }),
    ...thirdPartiesByRegion[d.region].map((type) =>
      defineCall(calls.thirdParty.loginWith(type), {
        rateLimit: limit,
        async handler(c) {
          const { payload, reply } = c;
          const browser = takeLoginCookie(reply, d.publicUrl);
          const answer = await d.thirdLogin.login(type, payload, browser, loginRequest(c));
          if ('utoken' in answer) setTicketCookie(reply, d.publicUrl, answer.utoken);
          return answer;
        },
      }),
    ),
  ];
}
