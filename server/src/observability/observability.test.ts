import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itOnPglite, itOnPostgres } from '../../test/database-only.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/client.ts';
import { answerCodeOf } from './metrics.ts';
import { registerObservability } from './observability.plugin.ts';

const TOKEN = 'metrics-token-0123456789';

describe('health and metrics', () => {
  let t: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    guarded = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t.close();
    await guarded.close();
  });

  const scrape = async (app = t.app, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: httpPaths.metrics, headers });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('GET /healthz answers while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: httpPaths.healthz });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz checks the database and the migrations', async () => {
    const res = await t.app.inject({ method: 'GET', url: httpPaths.readyz });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('counts requests per route pattern and answers per catalogue code, never the raw URL', async () => {
    const listed = await t.client.call(calls.nodes.list, {}, { token: 'not-a-session-secret-value' });
    expect(listed.code).toBe(Code.ok);
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/page?q=private-query-value' });
    expect(missing.statusCode).toBe(404);
    const text = await scrape();
    expect(text).toContain(`http_requests_total{method="POST",route="${calls.nodes.list.path}",status="200"} 1`);
    expect(text).toContain(`http_request_duration_seconds_count{method="POST",route="${calls.nodes.list.path}"} 1`);
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toMatch(/ac_answers_total\{code="0000000"\} \d+/);
    expect(text).toContain(`ac_answers_total{code="${Code.notFound}"} 1`);
    expect(text).not.toContain('private-query-value');
    expect(text).not.toContain('not-a-session-secret-value');
    // process metrics
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  itOnPostgres('reports the PostgreSQL pool', async () => {
    const text = await scrape();
    expect(text).toMatch(/ac_db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/ac_db_pool_connections\{state="idle"\} \d+/);
    expect(text).toMatch(/ac_db_pool_connections\{state="waiting"\} 0/);
  });

  itOnPglite('has no pool gauges on PGlite', async () => {
    expect(await scrape()).not.toContain('ac_db_pool_connections');
  });

  it('without METRICS_TOKEN serves /metrics to direct loopback requests only', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: httpPaths.metrics, remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    expect((await from('203.0.113.7')).statusCode).toBe(403);
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(403);
    expect((await from('127.0.0.1', { forwarded: 'for=203.0.113.7' })).statusCode).toBe(403);
  });

  it('with METRICS_TOKEN asks for it as a bearer token, from anywhere', async () => {
    const get = (headers: Record<string, string>, remoteAddress = '203.0.113.7') =>
      guarded.app.inject({ method: 'GET', url: httpPaths.metrics, remoteAddress, headers });
    const none = await get({}, '127.0.0.1');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await get({ authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
    expect((await get({ authorization: TOKEN })).statusCode).toBe(401);
    const ok = await get({ authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain('http_requests_total');
  });
});

describe('readiness', () => {
  async function probe(check: () => Promise<{ database: boolean; migrations: boolean }>) {
    const app = Fastify();
    registerObservability(app, { config: { metricsToken: undefined }, database: { check } });
    const res = await app.inject({ method: 'GET', url: httpPaths.readyz });
    await app.close();
    return res;
  }

  it('answers 503 naming the failed check', async () => {
    const noMigrations = await probe(async () => ({ database: true, migrations: false }));
    expect(noMigrations.statusCode).toBe(503);
    expect(noMigrations.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'failed' } });
    const down = await probe(async () => ({ database: false, migrations: false }));
    expect(down.statusCode).toBe(503);
    expect(down.json().checks.database).toBe('failed');
  });

  itOnPglite('finds an unmigrated or closed database not ready', async () => {
    const fresh = await openDatabase({
      kind: 'pglite',
      client: await PGlite.create({ extensions: PGLITE_EXTENSIONS }),
    });
    expect(await fresh.check()).toEqual({ database: true, migrations: false });
    await fresh.migrate();
    expect(await fresh.check()).toEqual({ database: true, migrations: true });
    await fresh.close();
    expect(await fresh.check()).toEqual({ database: false, migrations: false });
  });

  itOnPostgres('finds a closed PostgreSQL pool not ready', async () => {
    const database = await openTestDatabase();
    expect(await database.check()).toEqual({ database: true, migrations: true });
    await database.close();
    expect(await database.check()).toEqual({ database: false, migrations: false });
  });

  it('reads the code of envelope answers only', () => {
    expect(answerCodeOf({ code: '0000000', msg: 'Success' })).toBe('0000000');
    expect(answerCodeOf({ rtnCode: '1000001', msg: 'x' })).toBe('1000001');
    expect(answerCodeOf({ status: 'ok' })).toBeUndefined();
    expect(answerCodeOf({ code: 'FST_ERR' })).toBeUndefined();
    expect(answerCodeOf('0000000')).toBeUndefined();
  });
});
