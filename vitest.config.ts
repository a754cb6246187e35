import { defineConfig } from 'vitest/config';

const serverTests = {
  root: 'server',
  include: ['src/**/*.test.ts'],
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const projects = [
  { test: { name: 'protocol', root: 'packages/protocol', include: ['src/**/*.test.ts'] } },
  { test: { name: 'server', ...serverTests } },
  // The same server suite again on a real PostgreSQL server when one is given.
  ...(process.env.TEST_DATABASE_URL ? [{ test: { name: 'server-pg', ...serverTests, env: { TEST_DB: 'pg' } } }] : []),
];

export default defineConfig({ test: { projects } });
