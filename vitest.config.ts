import { defineConfig } from 'vitest/config';

const serverTests = {
  root: 'server',
  include: ['src/**/*.test.ts'],
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
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
  // The same server suite again on a real PostgreSQL server when one is given.
  ...(process.env.TEST_DATABASE_URL ? [{ test: { name: 'server-pg', ...serverTests, env: { TEST_DB: 'pg' } } }] : []),
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

export default defineConfig({ test: { projects } });
