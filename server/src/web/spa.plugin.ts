/**
 * Serves the built SPA under the region's base path with history-mode
 * fallback; index.html gets the region settings as a meta tag and a <base>.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDictionary } from '@ac/protocol/dictionary';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export function indexHtml(template: string, config: Config): string {
  const appConfig = JSON.stringify({ region: config.region, basePath: config.basePath });
  const head = `<base href="${config.basePath}/"><meta name="app-config" content="${appConfig.replace(/"/g, '&quot;')}">`;
  return template.replace('<head>', `<head>${head}`);
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
  const html = indexHtml(readFileSync(join(dist, 'index.html'), 'utf8'), config);
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `${base}/`,
    index: false,
    wildcard: false,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = async (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  app.get(base, sendIndex);
  app.get(`${base}/`, sendIndex);
  app.get(`${base}/*`, async (req, reply) => {
    const rest = (req.params as { '*': string })['*'];
    if (rest.startsWith('assets/') || /\.[a-z0-9]+$/i.test(rest)) {
      return reply.sendFile(rest);
    }
    return sendIndex(req, reply);
  });
}
