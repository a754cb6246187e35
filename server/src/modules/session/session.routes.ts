import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import { clearTicketCookie, setTicketCookie } from '../../lib/ticket-cookie.ts';
import type { SessionService } from './session.service.ts';

type Deps = { sessions: SessionService; publicUrl: string };

const loginLimit = { max: 30, timeWindow: '1 minute' };

export function createSessionCalls(d: Deps) {
  return [
    defineCall(calls.session.login, {
      rateLimit: loginLimit,
      async handler({ payload, clientInfo, ip, userAgent, requestId, reply }) {
        const answer = await d.sessions.login(payload.account, payload.password, {
          clientInfo,
          ip,
          userAgent,
          requestId,
        });
        setTicketCookie(reply, d.publicUrl, answer.utoken);
        return answer;
      },
    }),
    defineCall(calls.session.loginByCode, {
      rateLimit: loginLimit,
      async handler({ payload, clientInfo, ip, userAgent, requestId, reply }) {
        const answer = await d.sessions.loginByCode(payload.account, payload.code, {
          clientInfo,
          ip,
          userAgent,
          requestId,
        });
        setTicketCookie(reply, d.publicUrl, answer.utoken);
        return answer;
      },
    }),
    defineCall(calls.session.logout, {
      async handler({ session, ip, requestId, reply }) {
        await d.sessions.logout(session, { ip, requestId });
        clearTicketCookie(reply, d.publicUrl);
        return {};
      },
    }),
  ];
}
