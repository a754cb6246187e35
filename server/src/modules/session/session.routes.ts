import { calls } from '@ac/protocol/calls';
import type { TLoginAnswer } from '@ac/protocol/two-factor';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { type CallContext, defineCall } from '../../envelope/call.ts';
import { clearTicketCookie, setTicketCookie, TICKET_COOKIE } from '../../lib/ticket-cookie.ts';
import type { ActivityService } from './activity.service.ts';
import { loginRequest, setTrustedBrowserCookie } from './login-request.ts';
import type { LoginRequest, SessionService } from './session.service.ts';
import type { UserInfoService } from './user-info.service.ts';

type Deps = {
  sessions: SessionService;
  userInfo: UserInfoService;
  activity: Pick<ActivityService, 'list'>;
  publicUrl: string;
  loginRateLimitPerMinute: number;
};

export function createSessionCalls(d: Deps) {
  const loginLimit = { max: d.loginRateLimitPerMinute, timeWindow: '1 minute' };
  /** Runs a login for the request and sets the new session's ticket cookie (none when a second step follows). */
  async function loggedIn<A extends TLoginAnswer>(
    c: CallContext<unknown, false>,
    login: (r: LoginRequest) => Promise<A>,
  ) {
    const answer = await login(loginRequest(c));
    if ('utoken' in answer) setTicketCookie(c.reply, d.publicUrl, answer.utoken);
    return answer;
  }

  return [
    defineCall(calls.session.userInfo, {
      handler: ({ session }) => d.userInfo.userInfo(session.userId, session.token),
    }),
    defineCall(calls.session.login, {
      rateLimit: loginLimit,
      handler: (c) => loggedIn(c, (r) => d.sessions.login(c.payload.account, c.payload.password, r)),
    }),
    defineCall(calls.session.loginByCode, {
      rateLimit: loginLimit,
      handler: (c) => loggedIn(c, (r) => d.sessions.loginByCode(c.payload.account, c.payload.code, r)),
    }),
    defineCall(calls.session.loginSecondStep, {
      rateLimit: loginLimit,
      handler: (c) =>
        loggedIn(c, async (r) => {
          const { ticket, code, trustBrowser } = c.payload;
          const { answer, trust } = await d.sessions.loginSecondStep(ticket, code, trustBrowser, r);
          if (trust) setTrustedBrowserCookie(c.reply, d.publicUrl, trust.token);
          return answer;
        }),
    }),
    defineCall(calls.session.passkeySecondStepOptions, {
      rateLimit: loginLimit,
      handler: ({ payload }) => d.sessions.passkeySecondStepOptions(payload.ticket),
    }),
    defineCall(calls.session.loginSecondStepPasskey, {
      rateLimit: loginLimit,
      handler: (c) =>
        loggedIn(c, async (r) => {
          const { ticket, challengeId, response, trustBrowser } = c.payload;
          const { answer, trust } = await d.sessions.loginSecondStepPasskey(
            ticket,
            challengeId,
            response as unknown as AuthenticationResponseJSON,
            trustBrowser,
            r,
          );
          if (trust) setTrustedBrowserCookie(c.reply, d.publicUrl, trust.token);
          return answer;
        }),
    }),
    defineCall(calls.session.passkeyLoginOptions, {
      rateLimit: loginLimit,
      handler: () => d.sessions.passkeyLoginOptions(),
    }),
    defineCall(calls.session.passkeyLogin, {
      rateLimit: loginLimit,
      handler: (c) =>
        loggedIn(c, (r) =>
          d.sessions.passkeyLogin(
            c.payload.challengeId,
            c.payload.response as unknown as AuthenticationResponseJSON,
            r,
          ),
        ),
    }),
    defineCall(calls.session.createHandover, {
      rateLimit: loginLimit,
      handler: ({ session, ip, requestId }) => d.sessions.createHandover(session, { ip, requestId }),
    }),
    // no cookie yet: the portal asks the user before it takes a session from a link (login CSRF), then calls setTicket
    defineCall(calls.session.exchangeHandover, {
      rateLimit: loginLimit,
      handler: (c) =>
        d.sessions.exchangeHandover(c.payload.code, {
          clientInfo: c.clientInfo,
          ip: c.ip,
          userAgent: c.userAgent,
          requestId: c.requestId,
        }),
    }),
    defineCall(calls.session.setTicket, {
      async handler({ session, reply }) {
        setTicketCookie(reply, d.publicUrl, session.token);
        return {};
      },
    }),
    defineCall(calls.session.logout, {
      async handler({ session, ip, requestId, reply }) {
        await d.sessions.logout(session, { ip, requestId });
        // the cookie of another session of this browser stays (a handed-over session the user declined)
        const ticket = reply.request.cookies[TICKET_COOKIE];
        if (!ticket || ticket === session.token) clearTicketCookie(reply, d.publicUrl);
        return {};
      },
    }),
    defineCall(calls.session.listActive, {
      handler: async ({ session }) => ({ rows: await d.sessions.listActive(session) }),
    }),
    defineCall(calls.session.signOut, {
      async handler({ payload, session, ip, requestId }) {
        await d.sessions.signOut(session, payload.id, { ip, requestId });
        return {};
      },
    }),
    defineCall(calls.session.activity, {
      handler: async ({ session, payload }) => ({ rows: await d.activity.list(session.userId, payload.kind) }),
    }),
    defineCall(calls.session.notMe, {
      handler: ({ session, payload, ip, requestId }) => d.sessions.notMe(session, payload.id, { ip, requestId }),
    }),
    defineCall(calls.session.signOutOthers, {
      handler: ({ session, ip, requestId }) => d.sessions.signOutOthers(session, { ip, requestId }),
    }),
  ];
}
