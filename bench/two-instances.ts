/**
 * Two server instances on one PostgreSQL database (BENCH_DATABASE_URL; with
 * REDIS_URL set they share the rate-limit store too) against one: userInfo
 * req/s. Each server is pinned to its own CPU (taskset) and autocannon runs
 * in its own processes, pinned away from the server it loads as far as the
 * machine's cores allow; on a 2-core machine the load generators, the
 * servers and PostgreSQL share the same two cores (the output says so).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { calls } from '@ac/client';
import pg from 'pg';
import { apiClient } from '../e2e/support/api-client.ts';
import { loadPinned } from './load.ts';
import { startServer } from './start-server.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.log('two-instances: skipped (set BENCH_DATABASE_URL)');
  process.exit(0);
}
const cores = availableParallelism();
const last = cores - 1;
const name = `ac_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = new URL(url);
dbUrl.pathname = `/${name}`;
const env = { DATABASE_URL: dbUrl.toString(), LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' };
try {
  const a = await startServer(8431, env, { cpus: '0' });
  const b = await startServer(8432, env, { cpus: String(last) });
  try {
    const prepared = async (origin: string) => {
      const api = apiClient(origin);
      const { utoken } = await api.login('demo@example.com', 'Demo-2026-pass');
      return api.prepare(calls.session.userInfo, {}, { token: utoken });
    };
    const ra = await prepared(a.origin);
    const rb = await prepared(b.origin);
    const one = await loadPinned(ra, String(last));
    const [la, lb] = await Promise.all([
      loadPinned(ra, String(last), { connections: 25 }),
      loadPinned(rb, '0', { connections: 25 }),
    ]);
    const two = la.rps + lb.rps;
    console.log(`two-instances (${cores} cores, REDIS_URL ${process.env.REDIS_URL ? 'set' : 'unset'}):`);
    console.log(`| setup | userInfo req/s | p99 ms |\n|---|---:|---:|`);
    console.log(`| one instance (server on CPU 0, load on CPU ${last}) | ${one.rps.toFixed(0)} | ${one.p99} |`);
    console.log(
      `| two instances (servers on CPU 0 and ${last}, each loaded from the other CPU) | ${two.toFixed(0)} (${la.rps.toFixed(0)} + ${lb.rps.toFixed(0)}) | ${Math.max(la.p99, lb.p99)} |`,
    );
    console.log(`two / one: ${(two / one.rps).toFixed(2)}×`);
  } finally {
    await a.stop();
    await b.stop();
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
