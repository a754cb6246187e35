/**
 * The `test` and `expect` every spec imports (instead of @playwright/test's):
 * each test is its own client. The e2e servers trust the loopback proxy
 * (TRUST_PROXY, support/servers.ts), and every request of a test — its
 * browser contexts (extraHTTPHeaders) and its SDK calls (support/api-client.ts)
 * — carries an X-Forwarded-For address of its own, derived from the test's
 * id, project and repeat index (a worker's beforeAll hooks: one of the
 * worker's own). The per-IP limits then count each test
 * apart, as they count real users apart: how many requests the whole run
 * makes per minute, and so the speed of the machine, no longer matters.
 */
import { test as base, expect } from '@playwright/test';
import { addressOfTest, addressOfWorker, setClientAddress } from './client-address.ts';

export const test = base.extend<{ clientAddress: string }, { workerClientAddress: string }>({
  // what a worker's hooks outside a test (beforeAll) send: an address of that worker, never 127.0.0.1
  workerClientAddress: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const address = addressOfWorker(workerInfo);
      setClientAddress(address);
      await use(address);
      setClientAddress(null);
    },
    { scope: 'worker', auto: true },
  ],
  clientAddress: [
    async ({ workerClientAddress }, use, testInfo) => {
      const address = addressOfTest(testInfo);
      setClientAddress(address);
      await use(address);
      setClientAddress(workerClientAddress);
    },
    { auto: true },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddress });
  },
});

export { expect };
