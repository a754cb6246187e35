/**
 * CPU time per request (docs/performance.md "API"): for floor B and the
 * product's calls on PostgreSQL, a fixed number of requests
 * (BENCH_REQUESTS, 20,000; 10 connections) and the CPU time they cost the
 * server's processes, the PostgreSQL backends of its database and the load
 * generator (this process), read from /proc before and after. Unlike req/s,
 * these figures hardly move with the other jobs on a shared machine; on two
 * cores with nothing else running, req/s would be about 2 s / (the total per
 * request). Needs BENCH_DATABASE_URL (a fresh database is created and
 * dropped) and `npm run build`; BENCH_SERVER_ROOT runs another checkout's
 * server, BENCH_NODE_ARGS passes options to its node, BENCH_CASES picks cases. Prints a markdown table; asserts nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@ac/client';
import { buildSecret, encryptPayload, generateKey } from '@ac/protocol/envelope';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiClient, clientInfo } from '../e2e/support/api-client.ts';
import { benchPort } from './start-server.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONNECTIONS = 10;
const TICK_US = 1e6 / 100; // /proc/<pid>/stat counts clock ticks of 10 ms (USER_HZ 100)
/** BENCH_CASES=userInfo,order/list: only those product cases (e.g. to profile one call alone). */
const onlyCases = process.env.BENCH_CASES?.split(',');
const root = process.env.BENCH_SERVER_ROOT ?? new URL('..', import.meta.url).pathname;

/** utime + stime of /proc/<pid>/stat, in µs. */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return 0;
  }
}

/** Every process of a process group (a detached child and what it started), with the CPU it used. */
function groupCpu(pgid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) total += (Number(fields[11]) + Number(fields[12])) * TICK_US;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

async function backendPids(admin: pg.Client, db: string): Promise<number[]> {
  const r = await admin.query('select pid from pg_stat_activity where datname = $1', [db]);
  return r.rows.map((x: { pid: number }) => x.pid);
}

type Cost = { server: number; db: number; client: number };

async function measure(
  request: { url: string; body: string },
  pgid: number,
  pgSide?: { admin: pg.Client; db: string },
): Promise<Cost> {
  const fire = (amount: number) =>
    autocannon({
      url: request.url,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: request.body,
      connections: CONNECTIONS,
      amount,
    });
  await fire(Math.ceil(REQUESTS / 5)); // warm-up: JIT, pools, caches
  const pids = pgSide ? await backendPids(pgSide.admin, pgSide.db) : [];
  const before = new Map(pids.map((p) => [p, cpuOf(p)]));
  const server0 = groupCpu(pgid);
  const client0 = process.cpuUsage();
  const r = await fire(REQUESTS);
  const client = process.cpuUsage(client0);
  const server = groupCpu(pgid) - server0;
  let db = 0;
  if (pgSide) for (const p of await backendPids(pgSide.admin, pgSide.db)) db += cpuOf(p) - (before.get(p) ?? 0);
  const n = r['2xx'];
  if (n < REQUESTS) console.warn(`only ${n} of ${REQUESTS} answered 2xx`);
  return { server: server / n, db: db / n, client: (client.user + client.system) / n };
}

function start(command: string[], cwd: string, env: Record<string, string>): ChildProcess {
  return spawn(command[0]!, command.slice(1), {
    cwd,
    // the demo, asked for: the build runs in production without NODE_ENV
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

async function waitFor(url: string, init?: RequestInit) {
  for (let i = 0; i < 600; i++) {
    try {
      await fetch(url, init);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await exited;
}

const rows: string[] = [];
const say = (name: string, c: Cost, floor?: Cost) => {
  const total = c.server + c.db + c.client;
  const share = floor ? `${((100 * (floor.server + floor.db + floor.client)) / total).toFixed(1)} %` : '';
  const line = `| ${name} | ${c.server.toFixed(0)} | ${c.db.toFixed(0)} | ${c.client.toFixed(0)} | ${total.toFixed(0)} | ${Math.round(2e6 / total)} | ${share} |`;
  console.log(line);
  rows.push(line);
};

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.log('cpu-cost: skipped (BENCH_DATABASE_URL is not set)');
  process.exit(0);
}

// floor B
const floorPort = benchPort(8422);
const floor = start(['npx', 'tsx', 'floor-b.ts', String(floorPort)], new URL('.', import.meta.url).pathname, {});
const floorUrl = `http://127.0.0.1:${floorPort}/floor`;
await waitFor(floorUrl, { method: 'POST' });
const key = generateKey();
const floorB = await measure(
  {
    url: floorUrl,
    body: JSON.stringify({
      data: encryptPayload(key, { n: 1, text: 'z'.repeat(150) }),
      clientInfo,
      style: '1',
      secret: buildSecret(key),
    }),
  },
  floor.pid!,
);
await stop(floor);

// the server on a fresh PostgreSQL database
const name = `ac_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = new URL(url);
dbUrl.pathname = `/${name}`;
const port = benchPort(8412);
const dataDir = mkdtempSync(join(tmpdir(), 'ac-bench-'));
// BENCH_NODE_ARGS: options for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = start([process.execPath, ...nodeArgs, 'server/dist/main.js'], root, {
  PORT: String(port),
  DATA_DIR: dataDir,
  DATABASE_URL: dbUrl.toString(),
});
const origin = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/account/secure/login`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const api = apiClient(origin);
  const { utoken } = await api.login('demo@example.com', 'Demo-2026-pass');
  const header =
    '| case | server µs | PostgreSQL µs | load generator µs | total µs | req/s on 2 idle cores | of floor B |';
  console.log(
    `cpu-cost ${new Date().toISOString()}: ${REQUESTS} requests, ${CONNECTIONS} connections, CPU per request`,
  );
  console.log(`${header}\n|---|---:|---:|---:|---:|---:|---:|`);
  rows.push(header, '|---|---:|---:|---:|---:|---:|---:|');
  say('floor B', floorB, floorB);
  const pgSide = { admin, db: name };
  for (const [label, request] of [
    ['userInfo', await api.prepare(calls.session.userInfo, {}, { token: utoken })],
    ['order/list', await api.prepare(calls.orders.list, { pageNo: 1, pageSize: 10 }, { token: utoken })],
    ['product/mine', await api.prepare(calls.memberships.mine, {}, { token: utoken })],
  ] as const) {
    if (onlyCases && !onlyCases.includes(label)) continue;
    say(label, await measure(request, server.pid!, pgSide), floorB);
  }
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
console.log(`\n${rows.join('\n')}`);
