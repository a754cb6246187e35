import { Code } from '@ac/protocol/codes';
import { ZEmpty } from '@ac/protocol/common';
import { ZLoginByCodeRequest, ZLoginRequest, ZLoginResponse } from '@ac/protocol/session';
import { z } from 'zod';
import { defineCall } from '../../envelope/call.ts';
import { clearTicketCookie, setTicketCookie } from '../../lib/ticket-cookie.ts';
import type { SessionService } from './session.service.ts';

type Deps = { sessions: SessionService; publicUrl: string };

const loginLimit = { max: 30, timeWindow: '1 minute' };

export function createSessionCalls(d: Deps) {
  return [
    defineCall({
      path: '/user/v5/sysuser/login',
      summary: 'Log in with email or mobile and password',
      tag: 'session',
      auth: false,
      rateLimit: loginLimit,
      request: ZLoginRequest,
      response: ZLoginResponse,
      errors: [Code.loginFailed, Code.accountNotActivated, Code.accountOnOtherNode, Code.tooManyRequests],
      async handler({ payload, clientInfo, ip, userAgent, requestId, reply }) {
        const answer = await d.sessions.login(payload.account, payload.password, { clientInfo, ip, userAgent, requestId });
        setTicketCookie(reply, d.publicUrl, answer.utoken);
        return answer;
      },
    }),
    defineCall({
      path: '/user/v5/sysuser/loginByCode',
      summary: 'Log in with a code sent by mail or SMS (purpose "login")',
      tag: 'session',
      auth: false,
      rateLimit: loginLimit,
      request: ZLoginByCodeRequest,
      response: ZLoginResponse,
      errors: [Code.codeInvalid, Code.accountNotActivated, Code.accountOnOtherNode, Code.tooManyRequests],
      async handler({ payload, clientInfo, ip, userAgent, requestId, reply }) {
        const answer = await d.sessions.loginByCode(payload.account, payload.code, { clientInfo, ip, userAgent, requestId });
        setTicketCookie(reply, d.publicUrl, answer.utoken);
        return answer;
      },
    }),
    defineCall({
      path: '/user/v5/sysuser/logout',
      summary: 'End this session',
      tag: 'session',
      auth: true,
      request: ZEmpty,
      response: z.object({}),
      async handler({ session, ip, requestId, reply }) {
        await d.sessions.logout(session, { ip, requestId });
        clearTicketCookie(reply, d.publicUrl);
        return {};
      },
    }),
  ];
}
