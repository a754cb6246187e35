/**
 * API load: encrypted userInfo and order/list calls with autocannon against
 * a real server on PGlite (and on PostgreSQL when BENCH_DATABASE_URL is set).
 * Prints requests per second and latency percentiles.
 */
import { calls } from '@ac/client';
import autocannon from 'autocannon';
import { apiClient } from '../e2e/support/api-client.ts';
import { startServer } from './start-server.ts';

async function run(label: string, env: Record<string, string>) {
  const server = await startServer(8412, env);
  try {
    const api = apiClient(server.origin);
    const { utoken } = await api.call(calls.session.login, { account: 'demo@example.com', password: 'Demo-2026-pass' });
    for (const [name, request] of [
      ['userInfo', await api.prepare(calls.user.userInfo, {}, { token: utoken })],
      ['order/list', await api.prepare(calls.orders.list, { pageNo: 1, pageSize: 10 }, { token: utoken })],
    ] as const) {
      const result = await autocannon({
        url: request.url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: request.body,
        connections: 10,
        duration: 8,
      });
      const ok = result['2xx'];
      console.log(
        `api-load [${label}] ${name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${ok} ok, ${result.non2xx} non-2xx, ${result.errors} errors`,
      );
    }
  } finally {
    await server.stop();
  }
}

await run('pglite', {});
if (process.env.BENCH_DATABASE_URL) await run('postgres', { DATABASE_URL: process.env.BENCH_DATABASE_URL });
