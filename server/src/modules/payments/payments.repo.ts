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
    /**
     * The payment a gateway reported received for an order (its trade number): the one that paid
     * it, else (a cancelled order) the newest one kept as a refund due.
     */
    async receivedPayment(orderNo: string) {
      const rows = await db
        .select({ provider: paymentNotifications.provider, tradeNo: paymentNotifications.tradeNo })
        .from(paymentNotifications)
        .where(
          and(
            eq(paymentNotifications.orderNo, orderNo),
            inArray(paymentNotifications.outcome, ['granted', 'refundDue']),
          ),
        )
        .orderBy(sql`${paymentNotifications.outcome} = 'granted' desc`, desc(paymentNotifications.receivedAt))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Whether a payment (provider and trade number) was already received for the order. */
    async isReceived(orderNo: string, provider: string, tradeNo: string) {
      const rows = await db
        .select({ id: paymentNotifications.orderNo })
        .from(paymentNotifications)
        .where(
          and(
            eq(paymentNotifications.orderNo, orderNo),
            sql`${paymentNotifications.provider} = ${provider}`,
            eq(paymentNotifications.tradeNo, tradeNo),
            inArray(paymentNotifications.outcome, ['granted', 'refundDue']),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    /** Payments kept as refunds due of orders another payment paid (a cancelled order's payment: orders.refundDue), oldest first. */
    async secondPayments(limit: number) {
      return db
        .select({
          orderNo: paymentNotifications.orderNo,
          provider: paymentNotifications.provider,
          tradeNo: paymentNotifications.tradeNo,
          amount: paymentNotifications.amount,
          currency: paymentNotifications.currency,
          receivedAt: paymentNotifications.receivedAt,
        })
        .from(paymentNotifications)
        .where(
          and(
            eq(paymentNotifications.outcome, 'refundDue'),
            sql`exists (select 1 from ${paymentNotifications} as paid where paid.order_no = ${paymentNotifications.orderNo} and paid.outcome = 'granted')`,
          ),
        )
        .orderBy(paymentNotifications.receivedAt)
        .limit(limit);
    },
    /** The order a gateway's payment (trade number) was received for. */
    async orderOfPayment(provider: (typeof paymentNotifications.$inferSelect)['provider'], tradeNo: string) {
      const rows = await db
        .select({ orderNo: paymentNotifications.orderNo })
        .from(paymentNotifications)
        .where(
          and(
            eq(paymentNotifications.provider, provider),
            eq(paymentNotifications.tradeNo, tradeNo),
            inArray(paymentNotifications.outcome, ['granted', 'refundDue']),
          ),
        )
        .limit(1);
      return rows[0]?.orderNo ?? null;
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
