/**
 * What the commerce tests read of an order in a test app's database: its row, the memberships it
 * granted, the outcomes of its payment notifications and its refund requests.
 */
import { and, eq } from 'drizzle-orm';
import { memberships, orders, paymentNotifications, refundRequests } from '../src/db/schema/index.ts';
import type { TestApp } from './test-app.ts';

/** The readers of orders in `t`: `const { orderRow, grantsOf } = orderRecords(t)`. */
export function orderRecords(t: TestApp) {
  const grantsOf = (orderNo: string) =>
    t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.sourceType, 'order'), eq(memberships.sourceId, orderNo)));
  return {
    orderRow: async (orderNo: string) => (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!,
    /** The memberships an order granted. */
    grantsOf,
    /** The membership an order granted. */
    grantOf: async (orderNo: string) => (await grantsOf(orderNo))[0]!,
    /** The outcomes of the payment notifications kept of an order, sorted. */
    outcomesOf: async (orderNo: string) =>
      (await t.db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo)))
        .map((n) => n.outcome)
        .sort(),
    /** An order's refund requests in the order they were asked. */
    refundRequestsOf: (orderNo: string) =>
      t.db.select().from(refundRequests).where(eq(refundRequests.orderNo, orderNo)).orderBy(refundRequests.refundNo),
  };
}
