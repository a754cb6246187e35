/** The sandbox gateway's ledger: the payments it handed out and what the payer chose. */
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxPayments } from '../../db/schema/index.ts';

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

export function createSandboxRepo(db: DbOrTx) {
  return {
    async insert(row: typeof sandboxPayments.$inferInsert) {
      await db.insert(sandboxPayments).values(row);
    },
    async find(tradeNo: string) {
      const rows = await db.select().from(sandboxPayments).where(eq(sandboxPayments.tradeNo, tradeNo)).limit(1);
      return rows[0] ?? null;
    },
    async latestForOrder(orderNo: string) {
      const rows = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderNo, orderNo))
        .orderBy(sql`${sandboxPayments.state} = 'paid' desc`, desc(sandboxPayments.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    /** pending → paid | failed, once: the payer's first choice wins. */
    async decide(tradeNo: string, state: 'paid' | 'failed', at: Date) {
      const rows = await db
        .update(sandboxPayments)
        .set({ state, decidedAt: at })
        .where(and(eq(sandboxPayments.tradeNo, tradeNo), eq(sandboxPayments.state, 'pending')))
        .returning();
      return rows[0] ?? null;
    },
    async countAttempt(tradeNo: string) {
      await db
        .update(sandboxPayments)
        .set({ notifyAttempts: sql`${sandboxPayments.notifyAttempts} + 1` })
        .where(eq(sandboxPayments.tradeNo, tradeNo));
    },
    async acknowledge(tradeNo: string, at: Date) {
      await db
        .update(sandboxPayments)
        .set({ acknowledgedAt: at })
        .where(and(eq(sandboxPayments.tradeNo, tradeNo), isNull(sandboxPayments.acknowledgedAt)));
    },
    /** Decided payments whose notification was never acknowledged (to resume after a restart). */
    async undelivered(since: Date, maxAttempts: number) {
      return db
        .select({ tradeNo: sandboxPayments.tradeNo, notifyAttempts: sandboxPayments.notifyAttempts })
        .from(sandboxPayments)
        .where(
          and(
            isNotNull(sandboxPayments.decidedAt),
            isNull(sandboxPayments.acknowledgedAt),
            gt(sandboxPayments.decidedAt, since),
            lt(sandboxPayments.notifyAttempts, maxAttempts),
          ),
        );
    },
  };
}
export type SandboxRepo = ReturnType<typeof createSandboxRepo>;
