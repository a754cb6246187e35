/**
 * API load: encrypted userInfo and order/list calls with autocannon against
 * a real server on PGlite (and on PostgreSQL when BENCH_DATABASE_URL is set).
 * Prints requests per second and latency percentiles.
 */
import autocannon from 'autocannon';
import { call, envelopeBody, fetchKey } from '../e2e/support/api-client.ts';
import { startServer } from './start-server.ts';

async function run(label: string, env: Record<string, string>) {
  const server = await startServer(8412, env);
  try {
    const key = await fetchKey(server.origin);
    const login = await call<{ utoken: string }>(server.origin, key, '/user/v5/sysuser/login', {
      account: 'demo@example.com',
      password: 'Demo-2026-pass',
    });
    const token = login.data.utoken;
    for (const [name, path, payload] of [
      ['userInfo', '/user/v5/sysuser/userInfo', {}],
      ['order/list', '/order/v5/order/list', { pageNo: 1, pageSize: 10 }],
    ] as const) {
      const result = await autocannon({
        url: `${server.origin}${path}?utoken=${token}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: envelopeBody(key, payload),
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
