/**
 * The real entry point: starts on an empty data directory (migrate, seed),
 * serves the API, and shuts down cleanly on SIGTERM — on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpPaths } from '@ac/protocol/http-paths';
import pg from 'pg';
import { afterAll, describe, expect } from 'vitest';
import { itOnPglite, itOnPostgres } from '../test/database-only.ts';

const serverDir = new URL('..', import.meta.url).pathname;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** Starts the server; `inherit: false` gives it only PATH besides `env` (no DATABASE_URL of the test run). */
function start(env: Record<string, string>, { inherit = true } = {}) {
  const base = inherit ? process.env : { PATH: process.env.PATH };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
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
  // PORT=0 (the default here): the system picks a free port as the server listens, so no two
  // tests can pick the same one; the port is read back from fastify's "Server listening at" line.
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('ready at')) {
        clearInterval(timer);
        resolve(Number(port));
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => output, stderr: () => stderr };
}

/** A production environment that starts (on PGlite once ALLOW_EMBEDDED_DB=true is added). */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENT_PROVIDERS: '',
  ALLOW_OUTBOX_SMS: 'true',
};

async function checkServes(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}${httpPaths.getRsaKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: '', clientInfo: { clientType: 'User_PC', clientVersion: '1.0' } }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { code: string }).code).toBe('0000000');
}

describe('main', () => {
  itOnPglite(
    'starts on an empty PGlite directory, seeds the demo data and stops on SIGTERM',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ac-main-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const s = start({ DATA_DIR: dataDir, DEV_MAILBOX: 'true' });
      const port = await s.ready;
      // the first line says this is the demo
      expect(JSON.parse(s.output().split('\n')[0]!).msg).toMatch(
        /^demo mode: embedded database, demo data, dev mailbox at .*\/dev\/mailbox, .*sandbox payments — not for production/,
      );
      expect(s.output()).toContain('Demo data seeded');
      await checkServes(port);
      expect((await fetch(`http://127.0.0.1:${port}${httpPaths.devMailboxJson}`)).status).toBe(200);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    },
    60_000,
  );

  itOnPostgres(
    'starts on PostgreSQL (DATABASE_URL), migrating an empty database',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `ac_main_${Date.now()}`;
      await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const s = start({ DATABASE_URL: url.toString() });
      const port = await s.ready;
      expect(s.output()).toContain('postgres');
      await checkServes(port);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    },
    60_000,
  );

  itOnPglite(
    'starts in production on the embedded database only when allowed, without demo data or dev mailbox',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ac-main-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const s = start({ ...PRODUCTION, DATA_DIR: dataDir, ALLOW_EMBEDDED_DB: 'true' }, { inherit: false });
      const port = await s.ready;
      expect(s.output()).not.toContain('demo mode');
      expect(s.output()).not.toContain('Demo data seeded');
      await checkServes(port);
      expect((await fetch(`http://127.0.0.1:${port}${httpPaths.devMailboxJson}`)).status).toBe(404);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    },
    60_000,
  );

  itOnPglite(
    'refuses to start on an invalid configuration, naming the variable',
    async () => {
      const s = start({ REGION: 'mars' });
      await expect(s.ready).rejects.toThrow(/REGION/);
      expect(await s.exited).toBe(2);
    },
    30_000,
  );
});
