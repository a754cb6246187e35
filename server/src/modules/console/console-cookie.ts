/**
 * The staff session cookie (docs/decisions/0038-operator-console.md): HttpOnly, SameSite=Strict,
 * path the console's base, no domain (this host only), a session cookie (the server ends the
 * session). Secure when PUBLIC_URL is https — decided from the public address, not from the
 * request, since behind a TLS-terminating proxy the request itself is plain http. With https
 * the name takes the `__Host-` prefix, which browsers accept only from a secure origin without
 * a domain; its path must then be `/`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ConsoleCookie = {
  read(req: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
};

export function consoleCookie(publicUrl: string, basePath: string): ConsoleCookie {
  const secure = new URL(publicUrl).protocol === 'https:';
  const name = secure ? '__Host-ac_staff' : 'ac_staff';
  const options = { path: secure ? '/' : basePath, httpOnly: true, secure, sameSite: 'strict' as const };
  return {
    read: (req) => req.cookies[name],
    set: (reply, token) => void reply.setCookie(name, token, options),
    clear: (reply) => void reply.clearCookie(name, options),
  };
}
