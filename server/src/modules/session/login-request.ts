/**
 * What a login call knows of its caller (docs/decisions/0036-two-factor.md):
 * whether a browser sent it — the portal's own client types, or any request
 * carrying `Origin`, which every browser sends with a POST and CAD clients do
 * not (docs/protocol.md#security-rules) — and its trusted-browser cookie.
 */
import { isPortalClientType } from '@ac/protocol/client-types';
import { TRUSTED_BROWSER_DAYS } from '@ac/protocol/two-factor';
import type { FastifyReply } from 'fastify';
import type { CallContext } from '../../envelope/call.ts';
import { DAY } from '../../lib/time.ts';
import type { LoginRequest } from './session.service.ts';

export const TRUSTED_BROWSER_COOKIE = 'ac_trusted_browser';

export function loginRequest(c: CallContext<unknown, boolean>): LoginRequest {
  const headers = c.reply.request.headers;
  return {
    clientInfo: c.clientInfo,
    ip: c.ip,
    userAgent: c.userAgent,
    requestId: c.requestId,
    browser: isPortalClientType(c.clientInfo.clientType) || typeof headers.origin === 'string',
    trustToken: c.reply.request.cookies?.[TRUSTED_BROWSER_COOKIE] || undefined,
  };
}

/** "Trust this browser": HttpOnly, SameSite=Lax, Secure on https, 30 days, this host only. */
export function setTrustedBrowserCookie(reply: FastifyReply, publicUrl: string, token: string) {
  reply.setCookie(TRUSTED_BROWSER_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: new URL(publicUrl).protocol === 'https:',
    maxAge: (TRUSTED_BROWSER_DAYS * DAY) / 1000,
  });
}
