/**
 * API load (docs/performance.md "API"): floors A and B (standalone Fastify
 * servers, floor-a.ts and floor-b.ts), then the product's encrypted calls
 * (userInfo, order/list, product/mine, password login) against the real
 * server on PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL (a
 * fresh database, dropped at the end), then the list-scaling table. Every
 * run: BENCH_CONNECTIONS (50) connections for BENCH_DURATION (10) seconds;
 * logins with 4 connections. Prints markdown tables; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@ac/client';
import { buildSecret, encryptPayload, generateKey } from '@ac/protocol/envelope';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { apiClient, clientInfo } from '../e2e/support/api-client.ts';
import { PGLITE_EXTENSIONS } from '../server/src/db/client.ts';
import { DEMO_SHARE, growLists } from './list-seed.ts';
import { HEADER, type Load, load, row, startFloor } from './load.ts';
import { startServer } from './start-server.ts';

const PORT = 8412;
// Logins are counted per account and IP before the password is checked (4 free; docs/protocol.md
// "Throttling and rate limits"): more than 4 logins of the one demo account in flight at once would
// lock it and measure 0000006 answers instead of password checks.
const LOGIN_CONNECTIONS = 4;
const sizes = (v: string | undefined, d: string) => (v ?? d).split(',').map(Number);
const PG_SIZES = sizes(process.env.BENCH_PG_SIZES, '1000,100000,1000000');
const PGLITE_SIZES = sizes(process.env.BENCH_PGLITE_SIZES, '1000,10000,100000');
const SERVER_ENV = { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' };
const out: string[] = [];
const say = (line: string) => {
  console.log(line);
  out.push(line);
};

async function floors(): Promise<{ a: Load; b: Load }> {
  const fa = await startFloor('floor-a.ts', 8421);
  const a = await load({ url: fa.url, body: JSON.stringify({ data: 'x'.repeat(200) }) });
  await fa.stop();
  const fb = await startFloor('floor-b.ts', 8422);
  const key = generateKey();
  const data = encryptPayload(key, { n: 1, text: 'z'.repeat(150) });
  const b = await load({
    url: fb.url,
    body: JSON.stringify({ data, clientInfo, style: '1', secret: buildSecret(key) }),
  });
  await fb.stop();
  return { a, b };
}

async function logIn(origin: string): Promise<string> {
  const api = apiClient(origin);
  return (await api.login('demo@example.com', 'Demo-2026-pass')).utoken;
}

async function productCases(origin: string, floorB: Load, label: string, utoken: string) {
  const api = apiClient(origin);
  const cases = [
    ['userInfo', await api.prepare(calls.session.userInfo, {}, { token: utoken })],
    ['order/list', await api.prepare(calls.orders.list, { pageNo: 1, pageSize: 10 }, { token: utoken })],
    ['product/mine', await api.prepare(calls.memberships.mine, {}, { token: utoken })],
  ] as const;
  for (const [name, request] of cases) say(row(`${label} ${name}`, await load(request), floorB));
  const login = await api.prepare(calls.session.login, { account: 'demo@example.com', password: 'Demo-2026-pass' });
  const l = await load(login, { connections: LOGIN_CONNECTIONS });
  say(row(`${label} login (${LOGIN_CONNECTIONS} conn.)`, l, floorB));
}

async function listCases(origin: string, label: string, size: number, utoken: string) {
  const api = apiClient(origin);
  const page = { pageNo: 1, pageSize: 10 };
  for (const [name, request] of [
    ['order/list', await api.prepare(calls.orders.list, page, { token: utoken })],
    ['redeem/list', await api.prepare(calls.redeem.list, { ...page, state: 'unused' }, { token: utoken })],
    ['device/list', await api.prepare(calls.devices.list, page, { token: utoken })],
  ] as const) {
    say(row(`${label} ${name} @ ${size.toLocaleString('en')} rows`, await load(request)));
  }
}

async function onPglite(floorB: Load) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ac-bench-pglite-'));
  try {
    let server = await startServer(PORT, SERVER_ENV, { dataDir });
    const utoken = await logIn(server.origin);
    await productCases(server.origin, floorB, 'pglite', utoken);
    let seeded = 0;
    for (const size of PGLITE_SIZES) {
      // the server holds the PGlite directory: stop it, grow the tables, start it again
      await server.stop();
      const db = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
      await growLists(async (q) => db.exec(q), seeded, size);
      await db.close();
      seeded = size;
      server = await startServer(PORT, SERVER_ENV, { dataDir });
      await listCases(server.origin, 'pglite', size, utoken);
    }
    await server.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(url: string, floorB: Load) {
  const name = `ac_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  try {
    const server = await startServer(PORT, { ...SERVER_ENV, DATABASE_URL: dbUrl.toString() });
    try {
      const utoken = await logIn(server.origin);
      await productCases(server.origin, floorB, 'postgres', utoken);
      await client.connect();
      let seeded = 0;
      for (const size of PG_SIZES) {
        await growLists((q) => client.query(q), seeded, size);
        seeded = size;
        await listCases(server.origin, 'postgres', size, utoken);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

say(
  `api-load ${new Date().toISOString()}: ${process.env.BENCH_CONNECTIONS ?? 50} connections, ${process.env.BENCH_DURATION ?? 10} s a case`,
);
say(HEADER);
const { a, b } = await floors();
say(row('floor A (bare Fastify JSON POST)', a, b));
say(row('floor B (A + envelope AES, node:crypto)', b, b));
// BENCH_LISTS=0: the product cases only (no list-scaling table)
if (process.env.BENCH_LISTS === '0') {
  PG_SIZES.length = 0;
  PGLITE_SIZES.length = 0;
}
if (process.env.BENCH_ONLY !== 'postgres') await onPglite(b);
if (process.env.BENCH_DATABASE_URL) await onPostgres(process.env.BENCH_DATABASE_URL, b);
say(
  `(list sizes: rows in each table; the demo user holds up to ${DEMO_SHARE.toLocaleString('en')} of them, the rest belong to 1,000 other accounts)`,
);
console.log(`\n${out.join('\n')}`);
