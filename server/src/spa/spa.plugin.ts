/**
 * Serves the built SPA under the region's base path with history-mode
 * fallback; index.html gets the region settings as a meta tag and a <base>.
 * Text assets go out brotli- or gzip-compressed from the `.br` / `.gz`
 * copies the web build writes beside them; index.html is compressed once
 * at start-up, after the rewrite.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildDictionary } from '@ac/protocol/dictionary';
import type { TPayChannel } from '@ac/protocol/enums';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';

/**
 * Overseas, the channels of pay method 7 this server takes (docs/decisions/0028-paypal.md): card
 * through Stripe (or the sandbox), PayPal only through PayPal itself, FastSpring's popup storefront
 * only through FastSpring (docs/decisions/0053-popup-storefront.md).
 */
export function payChannelsOf(providers: readonly string[]): TPayChannel[] {
  const card = providers.includes('stripe') || providers.includes('sandbox');
  return [
    ...(card ? (['card'] as const) : []),
    ...(providers.includes('paypal') ? (['paypal'] as const) : []),
    ...(providers.includes('fastspring') ? (['fastspring'] as const) : []),
  ];
}

export function indexHtml(template: string, config: Config): string {
  const appConfig = JSON.stringify({
    region: config.region,
    basePath: config.basePath,
    links: config.headerLinks,
    payChannels: payChannelsOf(config.payments.providers),
    // memberships renewing every month/year need a billing provider: Stripe Billing overseas, Alipay
    // agreement payments in China (docs/decisions/0043-subscriptions.md)
    renewing: config.region === 'us' ? config.payments.stripe !== undefined : config.payments.alipay !== undefined,
  });
  const head = `<base href="${config.basePath}/"><meta name="app-config" content="${appConfig.replace(/"/g, '&quot;')}">`;
  return template.replace('<head>', `<head>${head}`);
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (br, then gzip, else identity), from its Accept-Encoding header. */
export function pickEncoding(header: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

/** index.html after the region rewrite, in each encoding. */
function encodedIndex(html: string): Record<Encoding, Buffer> {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

export async function registerSpa(app: FastifyInstance, config: Config) {
  const base = config.basePath;
  const dictionary = JSON.stringify(buildDictionary());
  app.get(`${base}/dict.json`, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('application/json').send(dictionary),
  );
  app.get('/', async (_req, reply) => reply.redirect(`${base}/`));

  const dist = config.webDist;
  if (!dist || !existsSync(join(dist, 'index.html'))) return;
  const index = encodedIndex(indexHtml(readFileSync(join(dist, 'index.html'), 'utf8'), config));
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `${base}/`,
    index: false,
    wildcard: false,
    // .br / .gz copies are sent in place of the file beside them, not as routes of their own;
    // index.html only ever goes out rewritten (sendIndex)
    globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(index[encoding]);
  };
  app.get(base, sendIndex);
  app.get(`${base}/`, sendIndex);
  app.get(`${base}/*`, async (req, reply) => {
    const rest = (req.params as { '*': string })['*'];
    if (rest !== 'index.html' && (rest.startsWith('assets/') || /\.[a-z0-9]+$/i.test(rest))) {
      return reply.sendFile(rest);
    }
    return sendIndex(req, reply);
  });
}
