/**
 * Ties a third-party login to the browser that started it (login CSRF): a
 * random value in an HttpOnly cookie when the authorize URL is made, its
 * hash kept with the state, the same cookie required when the code comes back.
 */
import type { FastifyReply } from 'fastify';
import { randomToken } from '../../lib/hashing.ts';
import { MINUTE } from '../../lib/time.ts';

export const OAUTH_LOGIN_COOKIE = 'ac_oauth_login';

function options(publicUrl: string) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: new URL(publicUrl).protocol === 'https:' };
}

/** Sets a fresh browser value and returns it. */
export function setLoginCookie(reply: FastifyReply, publicUrl: string): string {
  const value = randomToken();
  reply.setCookie(OAUTH_LOGIN_COOKIE, value, { ...options(publicUrl), maxAge: (10 * MINUTE) / 1000 });
  return value;
}

/** The browser value sent back, cleared in the same answer (it is single use). */
export function takeLoginCookie(reply: FastifyReply, publicUrl: string): string | undefined {
  const value = reply.request.cookies?.[OAUTH_LOGIN_COOKIE];
  reply.clearCookie(OAUTH_LOGIN_COOKIE, options(publicUrl));
  return value || undefined;
}
