/**
 * What the refund tests read and run on a test app: the admin command line on its services,
 * an order's row, the membership an order granted, and an order's refund requests.
 */
import { and, eq } from 'drizzle-orm';
import { run } from '../src/admin/registry.ts';
import { memberships, orders, refundRequests } from '../src/db/schema/index.ts';
import { testServices } from './commerce-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** `npm run admin -- <line>` on the test app: `runAdmin(t, 'orders refund AC…', { amount: '100' })`. */
export const runAdmin = (t: TestApp, line: string, values: Record<string, string> = {}) =>
  run({ config: t.config, services: testServices(t), now: () => new Date() }, { positionals: line.split(' '), values });

export const orderRowOf = async (t: TestApp, orderNo: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;

/** The membership an order granted. */
export const grantOf = async (t: TestApp, orderNo: string) =>
  (
    await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.sourceType, 'order'), eq(memberships.sourceId, orderNo)))
  )[0]!;

/** An order's refund requests in the order they were asked. */
export const refundRequestsOf = (t: TestApp, orderNo: string) =>
  t.db.select().from(refundRequests).where(eq(refundRequests.orderNo, orderNo)).orderBy(refundRequests.refundNo);
