/** Shared by the benchmarks: one autocannon run, a standalone floor process, the printed table. */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { benchPort } from './start-server.ts';

export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export type Load = { rps: number; p50: number; p99: number; ok: number; bad: number };

/** BENCH_WARMUP seconds (default 2) of the same load first, not counted (JIT, pools, caches). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

export async function load(
  request: { url: string; body: string },
  opts: { connections?: number; duration?: number } = {},
): Promise<Load> {
  if (WARMUP > 0) await run(request, { ...opts, duration: WARMUP });
  return run(request, opts);
}

async function run(
  request: { url: string; body: string },
  opts: { connections?: number; duration?: number },
): Promise<Load> {
  const r = await autocannon({
    url: request.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: request.body,
    connections: opts.connections ?? CONNECTIONS,
    duration: opts.duration ?? DURATION,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok: r['2xx'], bad: r.non2xx + r.errors };
}

/** Runs autocannon in its own process pinned to `cpus` (taskset), so it does not share a core with the server. */
export async function loadPinned(
  request: { url: string; body: string },
  cpus: string,
  opts: { connections?: number; duration?: number } = {},
): Promise<Load> {
  const child = spawn('taskset', ['-c', cpus, 'npx', 'tsx', 'load-child.ts'], {
    cwd: new URL('.', import.meta.url).pathname,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stdin.end(JSON.stringify({ request, opts }));
  await new Promise((r) => child.once('exit', r));
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as Load;
}

/** Starts `tsx <file> <port>` (a floor server) and waits until it answers. */
/** `defaultPort` is moved by BENCH_PORT_OFFSET. */
export async function startFloor(file: string, defaultPort: number): Promise<{ url: string; stop(): Promise<void> }> {
  const port = benchPort(defaultPort);
  const child: ChildProcess = spawn('npx', ['tsx', file, String(port)], {
    cwd: new URL('.', import.meta.url).pathname,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}/floor`;
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(url, { method: 'POST' });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
    },
  };
}

export function row(label: string, l: Load, floorB?: Load): string {
  const ratio = floorB ? `${((100 * l.rps) / floorB.rps).toFixed(1)} %` : '';
  const p99x = floorB ? `${(l.p99 / floorB.p99).toFixed(1)}×` : '';
  return `| ${label} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p99} | ${ratio} | ${p99x} | ${l.bad} |`;
}

export const HEADER =
  '| case | req/s | p50 ms | p99 ms | of floor B | p99 / floor B | non-2xx |\n|---|---:|---:|---:|---:|---:|---:|';
