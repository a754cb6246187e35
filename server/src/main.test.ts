/**
 * The real entry point: starts on an empty data directory (migrate, seed),
 * serves the API, and shuts down cleanly on SIGTERM — on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { httpPaths } from '@ac/protocol/http-paths';
import { describe, expect } from 'vitest';
import { itOnPglite, itOnPostgres } from '../test/database-only.ts';
import { cleanupsAfterAll, emptyDatabaseEnv, spawnServer } from '../test/server-process.ts';

const serverDir = new URL('..', import.meta.url).pathname;
const cleanup = cleanupsAfterAll();

/** Starts the server; `inherit: false` gives it only PATH besides `env` (no DATABASE_URL of the test run). */
const start = (env: Record<string, string>, { inherit = true } = {}) =>
  spawnServer({ args: ['--import', 'tsx', 'src/main.ts'], cwd: serverDir, env, inherit, cleanup });

/** A production environment that starts (on PGlite once ALLOW_EMBEDDED_DB=true is added). */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENT_PROVIDERS: '',
  ALLOW_OUTBOX_SMS: 'true',
  FIELD_ENCRYPTION_KEY: 'CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk=',
  RECEIPT_SELLER_NAME: 'Example Software Ltd',
  RECEIPT_SELLER_ADDRESS: '1 Example Street; London EC1A 1AA; United Kingdom',
};

async function checkServes(url: string) {
  const res = await fetch(`${url}${httpPaths.getRsaKey}`, {
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
      const s = start({ ...(await emptyDatabaseEnv('main', false, cleanup)), DEV_MAILBOX: 'true' });
      const url = await s.listening;
      // the first line says this is the demo
      expect(JSON.parse(s.output().split('\n')[0]!).msg).toMatch(
        /^demo mode: embedded database, demo data, dev mailbox at .*\/dev\/mailbox, .*sandbox payments — not for production/,
      );
      expect(s.output()).toContain('Demo data seeded');
      await checkServes(url);
      expect((await fetch(`${url}${httpPaths.devMailboxJson}`)).status).toBe(200);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    },
    60_000,
  );

  itOnPostgres(
    'starts on PostgreSQL (DATABASE_URL), migrating an empty database',
    async () => {
      const s = start(await emptyDatabaseEnv('main', true, cleanup));
      const url = await s.listening;
      expect(s.output()).toContain('postgres');
      await checkServes(url);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    },
    60_000,
  );

  itOnPglite(
    'starts in production on the embedded database only when allowed, without demo data or dev mailbox',
    async () => {
      const embedded = await emptyDatabaseEnv('main', false, cleanup);
      const s = start({ ...PRODUCTION, ...embedded, ALLOW_EMBEDDED_DB: 'true' }, { inherit: false });
      const url = await s.listening;
      expect(s.output()).not.toContain('demo mode');
      expect(s.output()).not.toContain('Demo data seeded');
      await checkServes(url);
      expect((await fetch(`${url}${httpPaths.devMailboxJson}`)).status).toBe(404);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    },
    60_000,
  );

  itOnPglite(
    'refuses to start on an invalid configuration, naming the variable',
    async () => {
      const s = start({ REGION: 'mars' });
      await expect(s.listening).rejects.toThrow(/REGION/);
      expect(await s.exited).toBe(2);
    },
    30_000,
  );
});
