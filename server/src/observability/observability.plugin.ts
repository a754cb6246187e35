/**
 * Health and metrics for load balancers, orchestrators and Prometheus:
 * - GET /healthz: the process is up (200 `{status:"ok"}`);
 * - GET /readyz: the database answers `select 1` and every migration of the
 *   journal is applied (200, or 503 naming the failed check);
 * - GET /metrics: Prometheus text, for a `Authorization: Bearer METRICS_TOKEN`
 *   or, when METRICS_TOKEN is unset, for direct loopback requests only.
 * The hooks count every request per route pattern and every envelope answer
 * per catalogue code.
 */
import { timingSafeEqual } from 'node:crypto';
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { answerCodeOf, createMetrics } from './metrics.ts';

type Deps = { config: Pick<Config, 'metricsToken'>; database: Pick<Database, 'check' | 'poolStats'> };

/** A readiness check that has not answered by then counts as failed. */
const READY_CHECK_TIMEOUT_MS = 5000;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Straight from this machine: a loopback socket, not relayed by a proxy. */
function directLoopback(req: FastifyRequest): boolean {
  const relayed = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !relayed && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

async function checksWithin(database: Deps['database'], ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ database: boolean; migrations: boolean }>((resolve) => {
    timer = setTimeout(() => resolve({ database: false, migrations: false }), ms);
  });
  try {
    return await Promise.race([database.check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerObservability(app: FastifyInstance, { config, database }: Deps) {
  const metrics = createMetrics(database.poolStats);

  app.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('preSerialization', async (_req, _reply, payload) => {
    const code = answerCodeOf(payload);
    if (code) metrics.countAnswer(code);
    return payload;
  });

  // quiet: probes run every few seconds
  const probe = { logLevel: 'warn' as const, schema: { hide: true } };

  app.get(httpPaths.healthz, probe, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get(httpPaths.readyz, probe, async (_req, reply) => {
    const checks = await checksWithin(database, READY_CHECK_TIMEOUT_MS);
    const ok = checks.database && checks.migrations;
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ok ? 'ok' : 'unavailable',
        checks: {
          database: checks.database ? 'ok' : 'failed',
          migrations: checks.migrations ? 'ok' : 'failed',
        },
      });
  });

  app.get(httpPaths.metrics, probe, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (config.metricsToken) {
      if (!sameSecret(req.headers.authorization ?? '', `Bearer ${config.metricsToken}`)) {
        return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
      }
    } else if (!directLoopback(req)) {
      return reply.status(403).type('text/plain').send('forbidden: set METRICS_TOKEN to scrape from elsewhere\n');
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
