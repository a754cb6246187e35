/**
 * Serves the built operator console (web/dist-console, docs/decisions/0038-operator-console.md)
 * under ADMIN_BASE_PATH with history-mode fallback: console.html gets the base path as a
 * `<base href>` and a meta tag (the base path and the region: the China build's invoice pages). `<base>/api/…` are the console's calls; an unknown one is a 404,
 * never the page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code, catalogue } from '@ac/protocol/codes';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';

export function consoleHtml(template: string, basePath: string, region: Config['region'] = 'us'): string {
  const meta = JSON.stringify({ basePath, region }).replace(/"/g, '&quot;');
  return template.replace('<head>', `<head><base href="${basePath}/"><meta name="console-config" content="${meta}">`);
}

export async function registerConsoleSpa(
  app: FastifyInstance,
  config: Pick<Config, 'console' | 'consoleWebDist' | 'region'>,
) {
  const base = config.console.basePath;
  const dist = config.consoleWebDist;
  if (!dist || !existsSync(join(dist, 'console.html'))) return;
  const html = consoleHtml(readFileSync(join(dist, 'console.html'), 'utf8'), base, config.region);
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `${base}/`,
    index: false,
    wildcard: false,
    decorateReply: false,
    globIgnore: ['**/*.br', '**/*.gz', 'console.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const page = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  app.get(base, page);
  app.get(`${base}/`, page);
  app.get(`${base}/*`, async (req, reply) => {
    const rest = (req.params as { '*': string })['*'];
    if (rest.startsWith('api/') || rest.startsWith('assets/') || /\.[a-z0-9]+$/i.test(rest)) {
      return reply.status(404).send({ code: Code.notFound, message: catalogue[Code.notFound].message });
    }
    return page(req, reply);
  });
}
