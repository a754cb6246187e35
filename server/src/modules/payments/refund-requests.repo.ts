/**
 * The refund requests asked of gateways (table `refund_requests`, owned by the payments
 * module). Every change of an order's requests is made under that order's row lock, so the
 * open amounts read here are exact for the transaction.
 */
import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refundRequests } from '../../db/schema/index.ts';

export type RefundRequestRow = typeof refundRequests.$inferSelect;

/** Our refund number: the order number and the request's ordinal (≤ 64 characters, letters and digits). */
export const refundNoOf = (orderNo: string, ordinal: number) => `${orderNo}R${String(ordinal).padStart(2, '0')}`;

export function createRefundRequestsRepo(db: DbOrTx) {
  return {
    async find(refundNo: string): Promise<RefundRequestRow | null> {
      const rows = await db.select().from(refundRequests).where(eq(refundRequests.refundNo, refundNo));
      return rows[0] ?? null;
    },
    /** The requests of an order, oldest first. */
    async of(orderNo: string): Promise<RefundRequestRow[]> {
      return db
        .select()
        .from(refundRequests)
        .where(eq(refundRequests.orderNo, orderNo))
        .orderBy(asc(refundRequests.createdAt), asc(refundRequests.refundNo));
    },
    /** Whether a request of the order is still open at its gateway. */
    async hasOpen(orderNo: string): Promise<boolean> {
      const rows = await db
        .select({ refundNo: refundRequests.refundNo })
        .from(refundRequests)
        .where(and(eq(refundRequests.orderNo, orderNo), eq(refundRequests.state, 'open')))
        .limit(1);
      return rows.length > 0;
    },
    async countOf(orderNo: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(refundRequests).where(eq(refundRequests.orderNo, orderNo));
      return row?.n ?? 0;
    },
    async insert(row: typeof refundRequests.$inferInsert): Promise<RefundRequestRow> {
      const [created] = await db.insert(refundRequests).values(row).returning();
      return created!;
    },
    /** Open → succeeded or failed; false when the request was no longer open. */
    async settle(
      refundNo: string,
      state: 'succeeded' | 'failed',
      patch: { gatewayRefundId?: string | null; failure?: string | null; settledAt: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(refundRequests)
        .set({ state, ...patch })
        .where(and(eq(refundRequests.refundNo, refundNo), eq(refundRequests.state, 'open')))
        .returning({ refundNo: refundRequests.refundNo });
      return rows.length === 1;
    },
    /** Remembers the gateway's id of a refund still open. */
    async noteGatewayId(refundNo: string, gatewayRefundId: string) {
      await db
        .update(refundRequests)
        .set({ gatewayRefundId })
        .where(and(eq(refundRequests.refundNo, refundNo), eq(refundRequests.state, 'open')));
    },
    /** Every request still open, oldest first (the console's refund-due queue). */
    async open(limit: number): Promise<RefundRequestRow[]> {
      return db
        .select()
        .from(refundRequests)
        .where(eq(refundRequests.state, 'open'))
        .orderBy(asc(refundRequests.createdAt))
        .limit(limit);
    },
    /** Requests still open that were asked before `before`, oldest first (reconciliation). */
    async openBefore(before: Date, limit: number): Promise<RefundRequestRow[]> {
      return db
        .select()
        .from(refundRequests)
        .where(and(eq(refundRequests.state, 'open'), lt(refundRequests.createdAt, before)))
        .orderBy(asc(refundRequests.createdAt))
        .limit(limit);
    },
  };
}
export type RefundRequestsRepo = ReturnType<typeof createRefundRequestsRepo>;
