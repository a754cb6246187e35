/** Every query of the invoices, invoice_orders, invoice_files and invoice_titles tables. */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceFiles, invoiceOrders, invoices, invoiceTitles } from '../../db/schema/index.ts';
import type { TStoredInvoiceStatus } from './invoice-state.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type InvoiceTitleRow = typeof invoiceTitles.$inferSelect;
export type NewInvoiceTitle = typeof invoiceTitles.$inferInsert;
export type InvoicePatch = Partial<
  Pick<InvoiceRow, 'providerRef' | 'fiscalNo' | 'failReason' | 'issuedAt' | 'updatedAt' | 'redRef'>
>;

/** The console's queue filter; `userId`: a member the query named. */
export type InvoiceQueueFilter = {
  statuses?: readonly TStoredInvoiceStatus[];
  query?: string;
  userId?: string;
  from?: Date;
  to?: Date;
};

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createInvoiceRepo(db: DbOrTx) {
  return {
    /**
     * Every member's applications for the console: pending ones oldest first (the queue), the
     * others newest first; each with its number of orders and whether its file is kept.
     */
    async queue(f: InvoiceQueueFilter, page: { offset: number; limit: number }) {
      const where: SQL[] = [];
      if (f.statuses?.length) where.push(inArray(invoices.status, [...f.statuses]));
      if (f.from) where.push(gte(invoices.appliedAt, f.from));
      if (f.to) where.push(lt(invoices.appliedAt, f.to));
      if (f.query) {
        const q = f.query;
        const any: SQL[] = [
          eq(invoices.invoiceNo, q.toUpperCase()),
          eq(invoices.taxNo, q.toUpperCase()),
          ilike(invoices.email, likeOf(q)),
          ilike(invoices.titleName, likeOf(q)),
        ];
        if (f.userId) any.push(eq(invoices.userId, f.userId));
        where.push(or(...any)!);
      }
      const condition = where.length ? and(...where) : undefined;
      const pendingFirst = f.statuses?.every((s) => s === 'invoicing' || s === 'reissuing');
      const orderBy = pendingFirst
        ? [asc(invoices.appliedAt), asc(invoices.invoiceNo)]
        : [desc(invoices.appliedAt), desc(invoices.invoiceNo)];
      const [rows, [total]] = await Promise.all([
        db
          .select({
            invoice: invoices,
            orderCount: sql<number>`(select count(*)::int from ${invoiceOrders} where ${invoiceOrders.invoiceNo} = ${invoices.invoiceNo})`,
            hasFile: sql<boolean>`exists (select 1 from ${invoiceFiles} where ${invoiceFiles.invoiceNo} = ${invoices.invoiceNo})`,
          })
          .from(invoices)
          .where(condition)
          .orderBy(...orderBy)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(invoices).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async hasFile(invoiceNo: string) {
      const rows = await db
        .select({ invoiceNo: invoiceFiles.invoiceNo })
        .from(invoiceFiles)
        .where(eq(invoiceFiles.invoiceNo, invoiceNo))
        .limit(1);
      return rows.length > 0;
    },
    // ---- titles
    listTitles: (userId: string) =>
      db
        .select()
        .from(invoiceTitles)
        .where(eq(invoiceTitles.userId, userId))
        .orderBy(desc(invoiceTitles.isDefault), desc(invoiceTitles.createdAt)),
    async countTitles(userId: string) {
      const [row] = await db.select({ n: count() }).from(invoiceTitles).where(eq(invoiceTitles.userId, userId));
      return row?.n ?? 0;
    },
    async findTitle(id: string, userId: string) {
      const rows = await db
        .select()
        .from(invoiceTitles)
        .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId)));
      return rows[0] ?? null;
    },
    async insertTitle(row: NewInvoiceTitle) {
      const [created] = await db.insert(invoiceTitles).values(row).returning();
      return created!;
    },
    async updateTitle(id: string, userId: string, patch: Partial<NewInvoiceTitle>) {
      const rows = await db
        .update(invoiceTitles)
        .set(patch)
        .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId)))
        .returning();
      return rows[0] ?? null;
    },
    async deleteTitle(id: string, userId: string) {
      const rows = await db
        .delete(invoiceTitles)
        .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId)))
        .returning({ id: invoiceTitles.id });
      return rows.length > 0;
    },
    clearDefault: (userId: string) =>
      db
        .update(invoiceTitles)
        .set({ isDefault: false })
        .where(and(eq(invoiceTitles.userId, userId), eq(invoiceTitles.isDefault, true))),

    deleteTitles: (userId: string) => db.delete(invoiceTitles).where(eq(invoiceTitles.userId, userId)),
    /** Account deletion: issued invoices are kept (tax records) but no longer tied to the person. */
    detachInvoices: (userId: string) => db.update(invoices).set({ userId: null }).where(eq(invoices.userId, userId)),

    // ---- invoices
    async insertInvoice(row: NewInvoice, lines: { orderNo: string; amount: number }[]) {
      const [created] = await db.insert(invoices).values(row).returning();
      await db.insert(invoiceOrders).values(lines.map((l) => ({ ...l, invoiceNo: row.invoiceNo, live: true })));
      return created!;
    },
    async findInvoice(invoiceNo: string, userId?: string) {
      const where = userId
        ? and(eq(invoices.invoiceNo, invoiceNo), eq(invoices.userId, userId))
        : eq(invoices.invoiceNo, invoiceNo);
      const rows = await db.select().from(invoices).where(where).limit(1);
      return rows[0] ?? null;
    },
    async findReissueOf(invoiceNo: string) {
      const rows = await db
        .select({ invoiceNo: invoices.invoiceNo })
        .from(invoices)
        .where(eq(invoices.reissueOf, invoiceNo));
      return rows[0]?.invoiceNo ?? null;
    },
    async listInvoices(userId: string, filter: { status?: TStoredInvoiceStatus; offset: number; limit: number }) {
      const where = [eq(invoices.userId, userId)];
      if (filter.status) where.push(eq(invoices.status, filter.status));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(and(...where))
          .orderBy(desc(invoices.appliedAt), desc(invoices.invoiceNo))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: count() })
          .from(invoices)
          .where(and(...where)),
      ]);
      const counts = rows.length
        ? await db
            .select({ invoiceNo: invoiceOrders.invoiceNo, n: count() })
            .from(invoiceOrders)
            .where(
              inArray(
                invoiceOrders.invoiceNo,
                rows.map((r) => r.invoiceNo),
              ),
            )
            .groupBy(invoiceOrders.invoiceNo)
        : [];
      const countOf = new Map(counts.map((c) => [c.invoiceNo, c.n]));
      // the re-applications of the page's invoices (unique reissue_of: one each at most)
      const reissues = rows.length
        ? await db
            .select({ invoiceNo: invoices.invoiceNo, reissueOf: invoices.reissueOf })
            .from(invoices)
            .where(
              inArray(
                invoices.reissueOf,
                rows.map((r) => r.invoiceNo),
              ),
            )
        : [];
      const reissuedBy = new Map(reissues.map((r) => [r.reissueOf, r.invoiceNo]));
      return {
        rows: rows.map((invoice) => ({
          invoice,
          orderCount: countOf.get(invoice.invoiceNo) ?? 0,
          reissuedBy: reissuedBy.get(invoice.invoiceNo) ?? null,
        })),
        total: total?.n ?? 0,
      };
    },
    listPending: (userId: string, statuses: readonly TStoredInvoiceStatus[]) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, userId), inArray(invoices.status, [...statuses]))),
    listLines: (invoiceNo: string) =>
      db.select().from(invoiceOrders).where(eq(invoiceOrders.invoiceNo, invoiceNo)).orderBy(invoiceOrders.orderNo),
    /** The live invoice of each of these orders. */
    async liveInvoicesOf(orderNos: string[]) {
      if (orderNos.length === 0) return [];
      return db
        .select({ orderNo: invoiceOrders.orderNo, invoiceNo: invoices.invoiceNo, status: invoices.status })
        .from(invoiceOrders)
        .innerJoin(invoices, eq(invoices.invoiceNo, invoiceOrders.invoiceNo))
        .where(and(inArray(invoiceOrders.orderNo, orderNos), eq(invoiceOrders.live, true)));
    },
    /** The conditional status change of the state machine; null when the invoice was no longer in `from`. */
    async moveStatus(invoiceNo: string, from: TStoredInvoiceStatus, to: TStoredInvoiceStatus, patch: InvoicePatch) {
      const rows = await db
        .update(invoices)
        .set({ ...patch, status: to })
        .where(and(eq(invoices.invoiceNo, invoiceNo), eq(invoices.status, from)))
        .returning();
      return rows[0] ?? null;
    },
    async patchInvoice(invoiceNo: string, patch: InvoicePatch) {
      await db.update(invoices).set(patch).where(eq(invoices.invoiceNo, invoiceNo));
    },
    async findFile(invoiceNo: string) {
      const rows = await db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceNo, invoiceNo)).limit(1);
      return rows[0] ?? null;
    },
    /** Keeps the file of an invoice; a second copy (a job run twice) changes nothing. */
    keepFile: (invoiceNo: string, contentType: string, bytes: Buffer) =>
      db.insert(invoiceFiles).values({ invoiceNo, contentType, bytes }).onConflictDoNothing(),
    /** Marks the copy mailed; false when it already was (the mail is sent in the same transaction). */
    async markMailed(invoiceNo: string, at: Date) {
      const rows = await db
        .update(invoices)
        .set({ mailedAt: at })
        .where(and(eq(invoices.invoiceNo, invoiceNo), isNull(invoices.mailedAt)))
        .returning({ invoiceNo: invoices.invoiceNo });
      return rows.length > 0;
    },
    /** Frees the orders of an invoice that failed or was voided. */
    releaseOrders: (invoiceNo: string) =>
      db.update(invoiceOrders).set({ live: false }).where(eq(invoiceOrders.invoiceNo, invoiceNo)),
  };
}
