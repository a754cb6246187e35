/**
 * The pieces of the fault runs (docs/reliability.md#faults): a PostgreSQL
 * cluster and a redis-server of their own (on given ports, in a temp
 * directory, never the shared ones) that a run may stop, kill and restart,
 * and the real server as a child process — the production build
 * (`server/dist/main.js`, `npm run build` first) or its sources through tsx.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const repoRoot = new URL('../..', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest PostgreSQL server binaries of this machine (Debian's layout, else the PATH's). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
}

/** initdb refuses to run as root: as root, the cluster belongs to the postgres user. */
const asRoot = process.getuid?.() === 0;
function runPg(bin: string, args: string[]) {
  const command = join(postgresBin(), bin);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

export type OwnPostgres = {
  port: number;
  /** A connection URL to `database` (default postgres). */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /** Runs one statement on `database` and returns its rows. */
  query<T = Record<string, unknown>>(database: string, text: string, values?: unknown[]): Promise<T[]>;
  /** `fast` (sessions ended, clean shutdown) or `immediate` (no shutdown checkpoint, crash recovery at start). */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  destroy(): void;
};

/**
 * A PostgreSQL cluster of its own on 127.0.0.1:`port` (trust auth, user postgres). fsync is off:
 * the runs stop PostgreSQL, never the machine, so what it wrote reaches the files through the
 * OS cache. synchronous_commit stays on: off, an immediate stop loses commits already answered.
 */
export function startOwnPostgres(port: number): OwnPostgres {
  const dir = mkdtempSync(join(tmpdir(), 'ac-faults-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  runPg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  const start = () => runPg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']);
  start();
  let running = true;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <T>(database: string, text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: url(database) });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    port,
    url,
    query,
    async createDatabase(name) {
      await query('postgres', `create database ${name}`);
      return url(name);
    },
    stop(mode = 'fast') {
      runPg('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    start() {
      start();
      running = true;
    },
    destroy() {
      try {
        if (running) runPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export type OwnRedis = { port: number; url: string; stop(): Promise<void>; start(): Promise<void> };

/** A redis-server of its own on 127.0.0.1:`port`, without persistence; `stop` kills it (SIGKILL). */
export async function startOwnRedis(port: number): Promise<OwnRedis> {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100 && !(await portAnswers(port)); i++) await sleep(50);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
  };
}

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  output(): string;
  /** Waits until the output holds `text`. */
  waitFor(text: string, ms?: number): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
};

/**
 * The real server on `port`: the production build (`dist`, the default of the
 * benches) or the sources through tsx (`src`, for the unit run, which comes
 * before the build). Resolves once it logs "ready at".
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  entry: 'dist' | 'src' = 'dist',
): Promise<ServerProcess> {
  const dist = join(repoRoot, 'server/dist/main.js');
  if (entry === 'dist' && !existsSync(dist)) throw new Error('server/dist/main.js is missing: npm run build');
  const args = entry === 'dist' ? [dist] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: join(repoRoot, 'server'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      JOBS_SCHEDULE: 'false',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    child,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    async waitFor(text, ms = 60_000) {
      for (let waited = 0; !output.includes(text); waited += 50) {
        if (waited > ms || child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`no "${text}" from the server: ${output.slice(-4000)}`);
        }
        await sleep(50);
      }
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  await server.waitFor('ready at');
  return server;
}

/** Polls `check` every `every` ms until it is true; returns the milliseconds waited, or throws after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms: number, every = 100): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(every);
  }
  return performance.now() - started;
}
