import type { TCurrency, TOrderType, TPaymentProvider } from '@ac/protocol/enums';
import { and, asc, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { boundedTotal, pageWithTotal } from '../../db/bounded-count.ts';
import type { DbOrTx } from '../../db/client.ts';
import { goods, orders, paymentAttempts, paymentNotifications, users } from '../../db/schema/index.ts';

/** The console's order filter (packages/protocol/src/console/finance-shapes.ts), the member resolved to an id. */
export type OrderSearch = {
  status?: number;
  payMethod?: number;
  provider?: TPaymentProvider;
  currency?: TCurrency;
  orderType?: TOrderType;
  from?: Date;
  to?: Date;
  amountMin?: number;
  amountMax?: number;
  userId?: string;
  orderNo?: string;
};

/** The gateway whose payment an order received (the one that paid it, else one kept as a refund due). */
const receivedProvider = sql<TPaymentProvider | null>`(select n.provider from ${paymentNotifications} as n where n.order_no = ${orders.orderNo} and n.outcome in ('granted', 'refundDue') order by n.outcome = 'granted' desc, n.received_at desc limit 1)`;

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
      return db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.orderNo, orderNo))
        .orderBy(asc(paymentNotifications.receivedAt), asc(paymentNotifications.id));
    },
    /** Every payment started for an order, oldest first. */
    async attemptsOf(orderNo: string) {
      return db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderNo, orderNo))
        .orderBy(asc(paymentAttempts.createdAt));
    },
    /**
     * The console's order list: every order matching the filter, newest first, with its goods,
     * its member's email and mobile and the gateway of its received payment.
     */
    async searchOrders(f: OrderSearch, page: { offset: number; limit: number }) {
      const where: SQL[] = [];
      if (f.status !== undefined) where.push(eq(orders.status, f.status));
      if (f.payMethod !== undefined) where.push(eq(orders.payMethod, f.payMethod));
      if (f.currency) where.push(eq(orders.currency, f.currency));
      if (f.orderType) where.push(eq(orders.orderType, f.orderType));
      if (f.from) where.push(gte(orders.createdAt, f.from));
      if (f.to) where.push(lt(orders.createdAt, f.to));
      if (f.amountMin !== undefined) where.push(gte(orders.payAmount, f.amountMin));
      if (f.amountMax !== undefined) where.push(lte(orders.payAmount, f.amountMax));
      if (f.userId) where.push(eq(orders.userId, f.userId));
      if (f.orderNo) where.push(eq(orders.orderNo, f.orderNo));
      if (f.provider) {
        where.push(
          sql`exists (select 1 from ${paymentNotifications} as p where p.order_no = ${orders.orderNo} and p.provider = ${f.provider} and p.outcome in ('granted', 'refundDue'))`,
        );
      }
      const condition = where.length ? and(...where) : undefined;
      const orderBy = [desc(orders.createdAt), desc(orders.orderNo)];
      return pageWithTotal(
        page,
        db
          .select({
            order: orders,
            goodsName: goods.name,
            userEmail: users.email,
            userMobile: users.mobile,
            provider: receivedProvider,
          })
          .from(orders)
          .innerJoin(goods, eq(goods.code, orders.goodsCode))
          .leftJoin(users, eq(users.id, orders.userId))
          .where(condition)
          .orderBy(...orderBy)
          .limit(page.limit)
          .offset(page.offset),
        () => boundedTotal(db, { table: orders, where: condition, orderBy, offset: page.offset }),
      );
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
