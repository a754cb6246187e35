/**
 * The security headers of every answer (docs/protocol.md#security-rules):
 * helmet's set with the product's Content-Security-Policy — scripts only
 * from this origin, styles also inline (antd's CSS-in-JS writes <style>
 * elements at run time, docs/decisions/0030-security-headers.md), no framing —
 * and Strict-Transport-Security only on an answer to an https request (the
 * socket's, or X-Forwarded-Proto from a proxy TRUST_PROXY trusts), never on
 * plain http where it would pin a host that has no https. helmet's
 * middleware is built once: @fastify/helmet built it anew for every request
 * (its CSP parsed each time), about a tenth of an API call's own CPU time
 * (docs/performance.md "API").
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** One year, subdomains included (the session cookie is set on the parent domain). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

export async function registerSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // set below, for https requests only
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (req, reply, done) =>
    setHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
