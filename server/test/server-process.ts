/**
 * The real server as a process, for the tests that start an entry point (src/main.ts through tsx,
 * or a built dist/main.js): its output collected, the URL it listens at read back from fastify's
 * "Server listening at" line (PORT=0 by default: the system picks a free port, so no two tests
 * pick the same one), and an empty database for it. What a file starts is killed and removed
 * after its tests, last first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';

export type Cleanup = () => Promise<void> | void;

/** Registers the file's cleanups, run after its tests, last first; answers how to add one. */
export function cleanupsAfterAll() {
  const cleanups: Cleanup[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  return (c: Cleanup) => void cleanups.push(c);
}

/**
 * The environment of a server on an empty database: a new PGlite DATA_DIR, or with `postgres` a new
 * database on the server of TEST_DATABASE_URL (DATABASE_URL); removed by a cleanup.
 */
export async function emptyDatabaseEnv(
  prefix: string,
  postgres: boolean,
  cleanup: (c: Cleanup) => void,
): Promise<Record<string, string>> {
  if (!postgres) {
    const dataDir = mkdtempSync(join(tmpdir(), `ac-${prefix}-`));
    cleanup(() => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `ac_${prefix}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  await admin.query(`create database ${name}`);
  cleanup(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

export type ServerSpawn = {
  /** The entry and its arguments after `node`, e.g. `['--import', 'tsx', 'src/main.ts']`. */
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** false: the server gets only PATH besides `env` (no DATABASE_URL of the test run). */
  inherit?: boolean;
  cleanup: (c: Cleanup) => void;
};

/** Spawns a server process (development, LOG_LEVEL info, PORT 0 unless `env` says otherwise); SIGKILLed at cleanup. */
export function spawnServer({ args, cwd, env, inherit = true, cleanup }: ServerSpawn) {
  const base = inherit ? process.env : { PATH: process.env.PATH };
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...base, LOG_LEVEL: 'info', NODE_ENV: 'development', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanup(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  /** Waits until the output shows `text` (or `seen` says so); throws with the output when it does not in `ms` or the process exits. */
  const waitFor = async (text: string, ms = 30_000, seen = () => output.includes(text)) => {
    for (let waited = 0; !seen(); waited += 100) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output}`);
      if (waited > ms) throw new Error(`no "${text}" in: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const listeningAt = () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
  /** The URL the server listens at, once it says it is ready; refused with its output when it exits first. */
  const listening = (async () => {
    await waitFor('ready at', 60_000, () => output.includes('ready at') && Boolean(listeningAt()));
    return listeningAt()!;
  })();
  // a test that kills the server without waiting for it to listen leaves `listening` refused, unheard
  listening.catch(() => undefined);
  return { child, exited, waitFor, listening, output: () => output, stderr: () => stderr };
}
