import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { databaseTestFiles, PGLITE_SMOKE_FILES } from './server/test/database-test-files.ts';

// No retries anywhere: a test that fails once fails the run (docs/reliability.md#the-test-suite).
const serverTests = {
  root: 'server',
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // The files of a worker share one module graph instead of loading the server anew each: every
  // file builds its own app and database (test/test-app.ts) and restores what it stubs. Unit
  // stage 9:21 -> 6:06 on the 2-core machine (docs/reliability.md#the-test-suite).
  isolate: false,
};

/**
 * The server's database files run once, on PostgreSQL (server-pg), as production does; PGlite, the
 * demo database, keeps a smoke set (start-up, migrations, one commerce and one session file, the
 * kill -9 test). Without TEST_DATABASE_URL every file runs on PGlite, and `npm test` says loudly
 * that the concurrency tests proved nothing there.
 */
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const databaseFiles = databaseTestFiles(fileURLToPath(new URL('./server', import.meta.url)));
const notOnPglite = databaseFiles.filter((f) => !PGLITE_SMOKE_FILES.includes(f));
const lostSmokeFile = PGLITE_SMOKE_FILES.find((f) => !databaseFiles.includes(f));
if (lostSmokeFile) throw new Error(`PGLITE_SMOKE_FILES names ${lostSmokeFile}, not a database test file`);

const projects = [
  { test: { name: 'protocol', root: 'packages/protocol', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
  {
    test: {
      name: 'client',
      root: 'packages/client',
      include: ['src/**/*.test.ts'],
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  },
  {
    test: {
      name: 'server',
      ...serverTests,
      include: ['src/**/*.test.ts'],
      exclude: hasPostgres ? notOnPglite : [],
    },
  },
  ...(hasPostgres
    ? [{ test: { name: 'server-pg', ...serverTests, include: databaseFiles, env: { TEST_DB: 'pg' } } }]
    : []),
  {
    extends: './web/vite.config.ts',
    test: {
      name: 'web',
      root: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
      setupFiles: ['./src/test/setup.ts'],
      // component tests render antd in jsdom: slow on a busy 2-core machine
      testTimeout: 20_000,
    },
  },
];

// Two workers even on a 2-core machine (vitest's default there is one): server test files spend
// much of their time waiting on PostgreSQL, child processes and local fakes (docs/decisions/0032-*).
export default defineConfig({ test: { projects, maxWorkers: 2 } });
