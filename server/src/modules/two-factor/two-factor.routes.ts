import { calls } from '@ac/protocol/calls';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { defineCall } from '../../envelope/call.ts';
import { setTicketCookie } from '../../lib/ticket-cookie.ts';
import { loginRequest } from '../session/login-request.ts';
import type { TwoFactorService } from './two-factor.service.ts';

type Deps = { twoFactor: TwoFactorService; publicUrl: string; loginRateLimitPerMinute: number };

/** Codes and passwords are guessed here: limited per IP like the login. */
const limit = { max: 30, timeWindow: '1 minute' };

export function createTwoFactorCalls(d: Deps) {
  const loginLimit = { max: d.loginRateLimitPerMinute, timeWindow: '1 minute' };
  return [
    // the enrolment a company requires at sign-in (a login's enrolment ticket, no session yet)
    defineCall(calls.session.loginEnrolStart, {
      rateLimit: loginLimit,
      handler: ({ payload }) => d.twoFactor.enrolStart(payload.ticket),
    }),
    defineCall(calls.session.loginEnrolConfirm, {
      rateLimit: loginLimit,
      async handler(c) {
        const answer = await d.twoFactor.enrolConfirm(c.payload.ticket, c.payload.code, loginRequest(c));
        setTicketCookie(c.reply, d.publicUrl, answer.utoken);
        return answer;
      },
    }),
    defineCall(calls.twoFactor.status, {
      handler: ({ session }) => d.twoFactor.status(session),
    }),
    defineCall(calls.twoFactor.startTotp, {
      rateLimit: limit,
      handler: ({ session, payload, ip, requestId }) =>
        d.twoFactor.startTotp(session, payload.password, { ip, requestId }),
    }),
    defineCall(calls.twoFactor.confirmTotp, {
      rateLimit: limit,
      handler: ({ session, payload, ip, requestId, clientInfo }) =>
        d.twoFactor.confirmTotp(session, payload.code, { ip, requestId, language: clientInfo.language }),
    }),
    defineCall(calls.twoFactor.verify, {
      rateLimit: limit,
      async handler({ session, payload, ip, requestId }) {
        await d.twoFactor.verify(session, payload.code, { ip, requestId });
        return {};
      },
    }),
    defineCall(calls.twoFactor.regenerateRecoveryCodes, {
      rateLimit: limit,
      handler: ({ session, ip, requestId }) => d.twoFactor.regenerateRecoveryCodes(session, { ip, requestId }),
    }),
    defineCall(calls.twoFactor.disable, {
      rateLimit: limit,
      async handler({ session, payload, ip, requestId, clientInfo }) {
        await d.twoFactor.disable(session, payload, { ip, requestId, language: clientInfo.language });
        return {};
      },
    }),
    defineCall(calls.twoFactor.passkeys, {
      handler: async ({ session }) => ({ rows: await d.twoFactor.passkeys(session) }),
    }),
    defineCall(calls.twoFactor.passkeyRegisterOptions, {
      rateLimit: limit,
      handler: ({ session }) => d.twoFactor.passkeyRegisterOptions(session),
    }),
    defineCall(calls.twoFactor.passkeyRegister, {
      rateLimit: limit,
      handler: ({ session, payload, ip, requestId }) =>
        d.twoFactor.passkeyRegister(
          session,
          payload.challengeId,
          payload.response as unknown as RegistrationResponseJSON,
          payload.name,
          { ip, requestId },
        ),
    }),
    defineCall(calls.twoFactor.passkeyRename, {
      handler: ({ session, payload }) => d.twoFactor.passkeyRename(session, payload.id, payload.name),
    }),
    defineCall(calls.twoFactor.passkeyRemove, {
      async handler({ session, payload, ip, requestId }) {
        await d.twoFactor.passkeyRemove(session, payload.id, { ip, requestId });
        return {};
      },
    }),
  ];
}
