/** The admin command line on a test app's services, as the refund tests run it (what they read: order-records.ts). */
import { run } from '../src/admin/registry.ts';
import type { TestApp } from './test-app.ts';
import { testServices } from './test-app.ts';

/** `npm run admin -- <line>` on the test app: `runAdmin(t, 'orders refund AC…', { amount: '100' })`. */
export const runAdmin = (t: TestApp, line: string, values: Record<string, string> = {}) =>
  run({ config: t.config, services: testServices(t), now: () => new Date() }, { positionals: line.split(' '), values });
