/**
 * The `gstarsso_ticket` cookie (docs/product.md#messages-and-timing, docs/protocol.md#sessions): 1 day, parent domain,
 * HttpOnly, Secure on https, SameSite=Lax.
 */
import type { FastifyReply } from 'fastify';

export const TICKET_COOKIE = 'gstarsso_ticket';
const ONE_DAY_S = 24 * 60 * 60;

/** `account.example.com` → `.example.com`; none for IPs, localhost and two-label hosts. */
export function parentDomain(hostname: string): string | undefined {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return undefined;
  const labels = hostname.split('.');
  if (labels.length < 3) return undefined;
  return `.${labels.slice(1).join('.')}`;
}

function cookieOptions(publicUrl: string) {
  const url = new URL(publicUrl);
  return {
    path: '/',
    domain: parentDomain(url.hostname),
    httpOnly: true,
    secure: url.protocol === 'https:',
    sameSite: 'lax' as const,
  };
}

export function setTicketCookie(reply: FastifyReply, publicUrl: string, token: string) {
  reply.setCookie(TICKET_COOKIE, token, { ...cookieOptions(publicUrl), maxAge: ONE_DAY_S });
}

export function clearTicketCookie(reply: FastifyReply, publicUrl: string) {
  reply.clearCookie(TICKET_COOKIE, cookieOptions(publicUrl));
}
