/**
 * The production build as it ships: `npm run build -w server` bundles
 * server/dist, and plain `node server/dist/main.js` (no tsx) starts on an
 * empty database — PGlite in a temp DATA_DIR (demo mode), or a new
 * PostgreSQL database in the server-pg project — answers /healthz and
 * /readyz and an envelope call through @ac/client, and stops on SIGTERM.
 * Then `node server/dist/migrate.js` finds nothing left to do. With
 * NODE_ENV=production and an unsafe setting it refuses to start; without
 * NODE_ENV the build is production (the demo only when asked for).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { calls, createClient } from '@ac/client';
import { httpPaths } from '@ac/protocol/http-paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanupsAfterAll, emptyDatabaseEnv, spawnServer } from '../../test/server-process.ts';
import { onPostgres } from '../../test/test-db.ts';

const serverDir = new URL('../..', import.meta.url).pathname;
const repoDir = join(serverDir, '..');
/**
 * The file runs once, in the PostgreSQL project when there is one (vitest.config.ts), and builds
 * into its own folder so a `npm run build` of the same checkout is never overwritten mid-test.
 */
const outdir = 'dist-test';
const cleanup = cleanupsAfterAll();

/** Starts a dist entry from the repository root on a port the system picks; `listening` answers its URL. */
const startDist = (env: Record<string, string>) =>
  spawnServer({ args: [`server/${outdir}/main.js`], cwd: repoDir, env, cleanup });

describe('production build', () => {
  beforeAll(() => {
    execFileSync('npm', ['run', 'build', '-w', 'server', '--', `--outdir=${outdir}`], { cwd: repoDir, stdio: 'pipe' });
    cleanup(() => rmSync(join(serverDir, outdir), { recursive: true, force: true }));
  }, 120_000);

  it('bundles the server, the migrate and admin entries', () => {
    for (const entry of ['main.js', 'migrate.js', 'admin.js']) {
      expect(existsSync(join(serverDir, outdir, entry))).toBe(true);
    }
  });

  it('refuses to start with NODE_ENV=production on each unsafe setting: exit 2, one line naming the variable', async () => {
    const safe = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://accounts.example.com',
      DATABASE_URL: 'postgres://accounts@127.0.0.1:1/accounts',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PAYMENT_PROVIDERS: '',
      ALLOW_OUTBOX_SMS: 'true',
      FIELD_ENCRYPTION_KEY: 'CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk=',
      RECEIPT_SELLER_NAME: 'Example Software Ltd',
      RECEIPT_SELLER_ADDRESS: '1 Example Street; London EC1A 1AA; United Kingdom',
    };
    const unsafe: [string, Record<string, string | undefined>][] = [
      ['PUBLIC_URL', { PUBLIC_URL: undefined }],
      ['PUBLIC_URL', { PUBLIC_URL: 'http://accounts.example.com' }],
      ['DATABASE_URL', { DATABASE_URL: undefined }],
      ['SMTP_URL', { SMTP_URL: undefined }],
      ['PAYMENT_PROVIDERS', { PAYMENT_PROVIDERS: 'sandbox' }],
      ['DEV_MAILBOX', { DEV_MAILBOX: 'true' }],
      ['RECEIPT_SELLER_NAME', { RECEIPT_SELLER_NAME: undefined }],
      ['NODE_SECRET', { NODE_SECRET: 'too-short' }],
      ['OAUTH_GOOGLE_CLIENT_SECRET', { OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_GOOGLE_CLIENT_SECRET: 'short' }],
      [
        'OAUTH_WX_API_BASE',
        {
          OAUTH_WX_CLIENT_ID: 'wx-app',
          OAUTH_WX_CLIENT_SECRET: 'a-long-enough-app-secret',
          OAUTH_WX_API_BASE: 'http://127.0.0.1:9/wx',
        },
      ],
      [
        'PAYPAL_API_BASE',
        {
          PAYMENT_PROVIDERS: 'paypal',
          PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMnOp0123456789',
          PAYPAL_CLIENT_SECRET: 'EFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefGHIJ',
          PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
          PAYPAL_ENVIRONMENT: 'live',
          PAYPAL_API_BASE: 'http://127.0.0.1:9',
        },
      ],
    ];
    for (const [name, change] of unsafe) {
      const env = Object.fromEntries(
        Object.entries({ ...safe, ...change }).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const run = spawnSync(process.execPath, [`server/${outdir}/main.js`], { cwd: repoDir, env, encoding: 'utf8' });
      expect(run.status, name).toBe(2);
      expect(run.stdout, name).toBe('');
      expect(run.stderr.trim().split('\n'), name).toEqual([
        expect.stringMatching(new RegExp(`^Invalid configuration: ${name} `)),
      ]);
    }
  }, 60_000);

  it('runs in production without NODE_ENV: refuses to start without its settings, never as the demo', () => {
    const dataDir = join(serverDir, outdir, 'no-node-env-data');
    const run = spawnSync(process.execPath, [`server/${outdir}/main.js`], {
      cwd: repoDir,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).not.toContain('demo');
    expect(run.stderr).toMatch(/^Invalid configuration: PUBLIC_URL /m);
    // nothing was created, the demo account least of all
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('runs with plain node on an empty database, answering probes and envelope calls', async () => {
    const env = await emptyDatabaseEnv('dist', onPostgres, cleanup);
    const s = startDist(env);
    const base = await s.listening;
    expect(s.output()).toContain(onPostgres ? '(us, postgres)' : '(us, pglite)');

    const health = await fetch(`${base}${httpPaths.healthz}`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}${httpPaths.readyz}`);
    expect(ready.status).toBe(200);

    const client = createClient({
      baseUrl: base,
      clientInfo: { clientType: 'User_PC', clientVersion: '1.0', language: 'en' },
    });
    const nodes = await client.call(calls.nodes.list, {});
    expect(nodes.rows.map((n) => n.code)).toContain('us');

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);

    // the database is migrated: the migrate entry has nothing left and says so
    const migrated = execFileSync(process.execPath, [`server/${outdir}/migrate.js`], {
      cwd: repoDir,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    expect(migrated).toContain('Migrations applied');
  }, 120_000);
});
