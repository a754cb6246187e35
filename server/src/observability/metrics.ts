/**
 * Prometheus metrics of one app: requests and their latency per route
 * pattern (never the raw URL), answers per catalogue code, the PostgreSQL
 * pool's connections; plus the process metrics (CPU, memory, event loop,
 * GC), collected once per process and shared by every app in it.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client.ts';

let processRegistry: Registry | undefined;

/** The process metrics' registry, created (and its collectors started) on first use. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const ANSWER_CODE_RE = /^\d{7}$/;

/** The catalogue code of an envelope-shaped answer (`code`, or `rtnCode` when signed), if it is one. */
export function answerCodeOf(payload: unknown): string | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const p = payload as { code?: unknown; rtnCode?: unknown };
  const code = typeof p.code === 'string' ? p.code : p.rtnCode;
  return typeof code === 'string' && ANSWER_CODE_RE.test(code) ? code : undefined;
}

export function createMetrics(poolStats: (() => PoolStats) | undefined) {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const answers = new Counter({
    name: 'ac_answers_total',
    help: 'Answers in the envelope shape, by catalogue code (most answer HTTP 200 whatever the code)',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  if (poolStats) {
    new Gauge({
      name: 'ac_db_pool_connections',
      help: 'PostgreSQL pool: open connections (total), idle ones, and clients waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = poolStats();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  const shared = processMetrics();

  return {
    contentType: registry.contentType,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    countAnswer(code: string) {
      answers.inc({ code });
    },
    /** The text exposition of this app's metrics and the process metrics. */
    async text(): Promise<string> {
      return `${await registry.metrics()}\n${await shared.metrics()}`;
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
