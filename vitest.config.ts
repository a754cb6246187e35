import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './server/test/database-test-files.ts';

const serverTests = {
  root: 'server',
  include: ['src/**/*.test.ts'],
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // In CI a failed server test runs once more: the PayPal reconciliation test failed once in a
  // full run and never alone (its message now prints the reconciliation summary). A test that
  // fails twice still fails the run.
  retry: process.env.CI ? 1 : 0,
};

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
  { test: { name: 'server', ...serverTests } },
  // The server suite's files that touch the database again on a real PostgreSQL server when one is
  // given (the pure-logic files prove nothing more there: server/test/database-test-files.ts).
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          test: {
            name: 'server-pg',
            ...serverTests,
            include: databaseTestFiles(fileURLToPath(new URL('./server', import.meta.url))),
            env: { TEST_DB: 'pg' },
          },
        },
      ]
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
