import { OrderStatus } from '@ac/protocol/enums';
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { boundedTotal, pageWithTotal } from '../../db/bounded-count.ts';
import type { DbOrTx } from '../../db/client.ts';
import { byDay, countAll, type DayPeriod, dayOf, inPeriod } from '../../db/per-day.ts';
import { goods, orders } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderPatch = Partial<Omit<NewOrder, 'orderNo' | 'status' | 'userId'>>;

const withGoods = { order: orders, goodsName: goods.name, durationDays: goods.durationDays };

export function createOrdersRepo(db: DbOrTx) {
  return {
    /** Orders paid in the period with an amount, per day of payment and currency (orders_pay_time_idx). */
    salesPerDay(p: DayPeriod) {
      return db
        .select({
          day: dayOf(orders.payTime, p),
          currency: orders.currency,
          orders: countAll,
          revenue: sql<number>`coalesce(sum(${orders.payAmount}), 0)::int`,
        })
        .from(orders)
        .where(and(isNotNull(orders.payTime), inPeriod(orders.payTime, p), gt(orders.payAmount, 0)))
        .groupBy(byDay, orders.currency)
        .orderBy(byDay, orders.currency);
    },
    /** Orders not confirmed (status 6) per day of their last change, the payment's start (orders_status_idx). */
    unconfirmedPerDay(p: DayPeriod) {
      return db
        .select({ day: dayOf(orders.updatedAt, p), count: countAll })
        .from(orders)
        .where(and(eq(orders.status, OrderStatus.unconfirmed), inPeriod(orders.updatedAt, p)))
        .groupBy(byDay)
        .orderBy(byDay);
    },
    /** Every order not confirmed now (orders_status_idx, index only). */
    async unconfirmedCount() {
      const [row] = await db.select({ n: countAll }).from(orders).where(eq(orders.status, OrderStatus.unconfirmed));
      return row?.n ?? 0;
    },
    /** The owner of an order number (the console's user search). */
    async userOfOrder(orderNo: string) {
      const rows = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
      return rows[0]?.userId ?? null;
    },
    async listOrders(userId: string, filter: { status?: number; offset: number; limit: number }) {
      // redeem-code orders have their own list (redeem/orders)
      const conditions: SQL[] = [eq(orders.userId, userId), ne(orders.orderType, 'redeemCodes')];
      if (filter.status !== undefined) conditions.push(eq(orders.status, filter.status));
      const where = and(...conditions);
      const orderBy = [desc(orders.createdAt), desc(orders.orderNo)];
      return pageWithTotal(
        filter,
        db
          .select(withGoods)
          .from(orders)
          .innerJoin(goods, eq(goods.code, orders.goodsCode))
          .where(where)
          .orderBy(...orderBy)
          .limit(filter.limit)
          .offset(filter.offset),
        () => boundedTotal(db, { table: orders, where, orderBy, offset: filter.offset }),
      );
    },
    /** One order with its goods; only the owner's when `userId` is given. */
    async findOrder(orderNo: string, userId?: string) {
      const where = userId ? and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)) : eq(orders.orderNo, orderNo);
      const rows = await db
        .select(withGoods)
        .from(orders)
        .innerJoin(goods, eq(goods.code, orders.goodsCode))
        .where(where)
        .limit(1);
      return rows[0] ?? null;
    },
    /** The owner's orders in `statuses` with their goods, newest payment first (invoicing reads these). */
    async listOrdersIn(userId: string, statuses: number[]) {
      return db
        .select(withGoods)
        .from(orders)
        .innerJoin(goods, eq(goods.code, orders.goodsCode))
        .where(and(eq(orders.userId, userId), inArray(orders.status, statuses)))
        .orderBy(desc(orders.payTime), desc(orders.orderNo));
    },
    /** The owner's orders among `orderNos`, with their goods. */
    async findOrders(orderNos: string[], userId: string) {
      if (orderNos.length === 0) return [];
      return db
        .select(withGoods)
        .from(orders)
        .innerJoin(goods, eq(goods.code, orders.goodsCode))
        .where(and(inArray(orders.orderNo, orderNos), eq(orders.userId, userId)));
    },
    /** The order row locked until the transaction ends. */
    async lockOrder(orderNo: string) {
      const rows = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
      return rows[0] ?? null;
    },
    async insertOrder(row: NewOrder) {
      const [created] = await db.insert(orders).values(row).returning();
      return created!;
    },
    /** The conditional update of the state machine: changes nothing unless the order is still in `from`. */
    async moveStatus(orderNo: string, from: number, to: number, patch: OrderPatch = {}) {
      const rows = await db
        .update(orders)
        .set({ ...patch, status: to })
        .where(and(eq(orders.orderNo, orderNo), eq(orders.status, from)))
        .returning();
      return rows[0] ?? null;
    },
    /** Cancels the user's unpaid orders and unties every order from them; answers the cancelled order numbers. */
    async detachUser(userId: string, at: Date): Promise<string[]> {
      const cancelled = await db
        .update(orders)
        .set({ status: OrderStatus.cancelled, updatedAt: at })
        .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.unpaid)))
        .returning({ orderNo: orders.orderNo });
      await db.update(orders).set({ userId: null }).where(eq(orders.userId, userId));
      return cancelled.map((r) => r.orderNo);
    },
    /** Writes the coupon an unpaid order holds and its discount (none: null, 0). */
    async setCoupon(orderNo: string, couponCode: string | null, discountAmount: number, at: Date) {
      const rows = await db
        .update(orders)
        .set({ couponCode, discountAmount, updatedAt: at })
        .where(and(eq(orders.orderNo, orderNo), eq(orders.status, OrderStatus.unpaid)))
        .returning();
      return rows[0] ?? null;
    },
    /** Orders in `statuses` holding a coupon, unchanged since `before`, oldest first. */
    async couponHoldsBefore(before: Date, statuses: number[], limit: number) {
      return db
        .select({ orderNo: orders.orderNo, status: orders.status, userId: orders.userId })
        .from(orders)
        .where(and(inArray(orders.status, statuses), lte(orders.updatedAt, before), isNotNull(orders.couponCode)))
        .orderBy(asc(orders.updatedAt))
        .limit(limit);
    },
    /** Cancelled orders paid afterwards and not refunded yet, oldest payment first. */
    async refundDue(limit: number) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.status, OrderStatus.cancelled), gt(orders.payAmount, orders.refundAmount)))
        .orderBy(asc(orders.payTime))
        .limit(limit);
    },
    /** The order of a provider invoice (a period of a renewing membership), locked until the transaction ends. */
    async lockByInvoice(invoiceId: string) {
      const rows = await db.select().from(orders).where(eq(orders.invoiceId, invoiceId)).for('update');
      return rows[0] ?? null;
    },
    /** A renewing membership's orders in `statuses` whose service has not ended at `at`, latest end first. */
    async ofSubscription(subscriptionId: string, statuses: number[], at: Date) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.subscriptionId, subscriptionId), inArray(orders.status, statuses), gt(orders.endDate, at)))
        .orderBy(desc(orders.endDate));
    },
    /** Orders in `statuses` whose service ended by `now`, numbered after `after`, in number order (paged by number). */
    async servedOrdersEndedBy(now: Date, statuses: number[], limit: number, after = '') {
      return db
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(and(inArray(orders.status, statuses), lte(orders.endDate, now), gt(orders.orderNo, after)))
        .orderBy(asc(orders.orderNo))
        .limit(limit);
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
export type OrderWithGoods = NonNullable<Awaited<ReturnType<OrdersRepo['findOrder']>>>;
