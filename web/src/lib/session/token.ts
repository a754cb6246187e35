/**
 * The login token `utoken`, kept in a one-day cookie (docs/product.md#messages-and-timing). A `utoken`
 * URL parameter (a CAD client opening the portal) is adopted by
 * persistTrackedParams, which writes the same cookie.
 */
import { getCookie, removeCookie, setCookie } from '@/lib/cookies';

export const TOKEN_COOKIE = 'utoken';
/** The server's login ticket cookie (HttpOnly where it can be: removal is best effort). */
export const TICKET_COOKIE = 'gstarsso_ticket';

export function getToken(): string | undefined {
  return getCookie(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  setCookie(TOKEN_COOKIE, token);
}

export function clearToken(): void {
  removeCookie(TOKEN_COOKIE);
  removeCookie(TICKET_COOKIE);
}
