/** Every query of the billing_details, receipt_counters and receipts tables. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingDetails, receiptCounters, receipts } from '../../db/schema/index.ts';

export type BillingRow = typeof billingDetails.$inferSelect;
export type ReceiptRow = typeof receipts.$inferSelect;
export type NewReceipt = typeof receipts.$inferInsert;

export function createReceiptsRepo(db: DbOrTx) {
  return {
    async findBilling(userId: string): Promise<BillingRow | null> {
      const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
      return row ?? null;
    },
    async saveBilling(row: BillingRow): Promise<BillingRow> {
      const { userId, ...fields } = row;
      const [saved] = await db
        .insert(billingDetails)
        .values(row)
        .onConflictDoUpdate({ target: billingDetails.userId, set: fields })
        .returning();
      return saved!;
    },
    /**
     * The next number of a series: the counter row is created or raised in one statement, which
     * holds its row lock until the caller's transaction ends — so two transactions never take
     * the same number, and one rolled back gives its number back (no gaps).
     */
    async nextSeq(series: string): Promise<number> {
      const [row] = await db
        .insert(receiptCounters)
        .values({ series, last: 1 })
        .onConflictDoUpdate({ target: receiptCounters.series, set: { last: sql`${receiptCounters.last} + 1` } })
        .returning({ last: receiptCounters.last });
      return row!.last;
    },
    async insert(row: NewReceipt): Promise<ReceiptRow> {
      const [saved] = await db.insert(receipts).values(row).returning();
      return saved!;
    },
    async receiptOfOrder(orderNo: string): Promise<ReceiptRow | null> {
      const [row] = await db
        .select()
        .from(receipts)
        .where(and(eq(receipts.orderNo, orderNo), eq(receipts.kind, 'receipt')));
      return row ?? null;
    },
    /** The receipt and then the credit notes of one of the member's orders, in their numbers' order. */
    ofOrder(userId: string, orderNo: string): Promise<ReceiptRow[]> {
      return db
        .select()
        .from(receipts)
        .where(and(eq(receipts.orderNo, orderNo), eq(receipts.userId, userId)))
        .orderBy(sql`${receipts.kind} = 'receipt' desc`, asc(receipts.seq));
    },
    async findOwn(userId: string, number: string): Promise<ReceiptRow | null> {
      const [row] = await db
        .select()
        .from(receipts)
        .where(and(eq(receipts.number, number), eq(receipts.userId, userId)));
      return row ?? null;
    },
  };
}
