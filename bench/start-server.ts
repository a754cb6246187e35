/**
 * Starts the real server — the production build, `node server/dist/main.js`
 * (`npm run build` first), in demo mode — on a fresh data dir and waits
 * until it answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Started = { url: string; origin: string; ms: number; stop(): Promise<void> };

export type StartOptions = {
  /** Reuse this PGlite data directory (kept on stop) instead of a fresh one. */
  dataDir?: string;
  /** Pin the server to these CPUs (taskset -c). */
  cpus?: string;
};

/**
 * BENCH_PORT_OFFSET: added to every port a bench listens on (its servers and the
 * floors), so benches on a shared machine can run in their own port range.
 */
export function benchPort(port: number): number {
  const offset = Number(process.env.BENCH_PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0) throw new Error('BENCH_PORT_OFFSET must be a whole number ≥ 0');
  return port + offset;
}

/** BENCH_SERVER_ROOT: run the server of another checkout (e.g. the code before a change) with this bench. */
const root = process.env.BENCH_SERVER_ROOT ?? new URL('..', import.meta.url).pathname;

/** The built server; another checkout without a build (older code) runs from its sources. */
function serverCommand(): string[] {
  if (existsSync(join(root, 'server/dist/main.js'))) return [process.execPath, 'server/dist/main.js'];
  if (process.env.BENCH_SERVER_ROOT) return ['npx', 'tsx', 'server/src/main.ts'];
  throw new Error('server/dist/main.js is missing: npm run build');
}

/** `defaultPort` is moved by BENCH_PORT_OFFSET. */
export async function startServer(
  defaultPort: number,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<Started> {
  const port = benchPort(defaultPort);
  const command = serverCommand();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ac-bench-'));
  const t0 = performance.now();
  if (options.cpus) command.unshift('taskset', '-c', options.cpus);
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: root,
    // the demo, asked for: the build runs in production without NODE_ENV
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    // its own process group, so stop() ends the server and anything under it together
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  const base = env.REGION === 'cn' ? '/secure' : '/account/secure';
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${origin}${base}/login`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = performance.now() - t0;
  return {
    url: `${origin}${base}`,
    origin,
    ms,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
