/**
 * The security headers of every answer (docs/protocol.md#security-rules):
 * helmet's set with the product's Content-Security-Policy — scripts only
 * from this origin, styles also inline (antd's CSS-in-JS writes <style>
 * elements at run time, docs/decisions/0030-security-headers.md), no framing (the popup
 * storefront's script and frame from its own origins, when it is configured) —
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

/**
 * The policy with the popup storefront's origins (docs/decisions/0053-popup-storefront.md): the
 * Store Builder Library's script, and the storefront it talks to and shows in its popup's frame.
 */
export function cspDirectives(storefrontOrigins: readonly string[] = []) {
  if (storefrontOrigins.length === 0) return CSP_DIRECTIVES;
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...storefrontOrigins],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...storefrontOrigins],
    frameSrc: ["'self'", ...storefrontOrigins],
    imgSrc: [...CSP_DIRECTIVES.imgSrc, ...storefrontOrigins],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, storefrontOrigins: readonly string[] = []) {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(storefrontOrigins) },
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
