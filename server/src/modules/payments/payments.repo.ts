import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders, paymentAttempts, paymentNotifications } from '../../db/schema/index.ts';

export function createPaymentsRepo(db: DbOrTx) {
  return {
    async insertAttempt(row: typeof paymentAttempts.$inferInsert) {
      await db.insert(paymentAttempts).values(row);
    },
    async latestAttempt(orderNo: string) {
      const rows = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderNo, orderNo))
        .orderBy(desc(paymentAttempts.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    async insertNotification(row: typeof paymentNotifications.$inferInsert) {
      await db.insert(paymentNotifications).values(row);
    },
    async notificationsOf(orderNo: string) {
      return db.select().from(paymentNotifications).where(eq(paymentNotifications.orderNo, orderNo));
    },
    /** Orders in `statuses` with a payment started before `before`, oldest first. */
    async ordersAwaitingPayment(statuses: number[], before: Date, limit: number) {
      return db
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(
          and(
            inArray(orders.status, statuses),
            sql`exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderNo} = ${orders.orderNo} and ${lt(paymentAttempts.createdAt, before)})`,
          ),
        )
        .orderBy(orders.updatedAt)
        .limit(limit);
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
