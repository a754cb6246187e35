import { normalizeRedeemCode } from '@ac/protocol/commerce';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { boundedTotal, pageWithTotal } from '../../db/bounded-count.ts';
import type { DbOrTx } from '../../db/client.ts';
import { byDay, countAll, type DayPeriod, dayOf, inPeriod } from '../../db/per-day.ts';
import { goods, orders, redeemCodeBatches, redeemCodes, redeemFailures, redeemOffers } from '../../db/schema/index.ts';

export type RedeemTab = 'unused' | 'used' | 'expired';
export type RedeemCodeRow = typeof redeemCodes.$inferSelect;
export type RedeemBatchRow = typeof redeemCodeBatches.$inferSelect;
type State = RedeemCodeRow['state'];

/** The same expression as the unique index redeem_codes_match_key, so lookups use it. */
const matchKey = sql`upper(regexp_replace(${redeemCodes.code}, '[[:space:]-]', '', 'g'))`;

function tabFilter(userId: string, tab: RedeemTab, now: Date): SQL {
  const held = eq(redeemCodes.ownerUserId, userId);
  // a code held for a refund shows with the unused ones: the refund may still fail and release it
  const open = inArray(redeemCodes.state, ['unused', 'preOccupied', 'refundHeld']);
  switch (tab) {
    case 'unused':
      return and(held, open, gt(redeemCodes.validTo, now))!;
    case 'used':
      return and(eq(redeemCodes.state, 'exchanged'), or(held, eq(redeemCodes.redeemedBy, userId)))!;
    case 'expired':
      return and(
        held,
        or(inArray(redeemCodes.state, ['expired', 'void', 'abolished']), and(open, lte(redeemCodes.validTo, now))),
      )!;
  }
}

export function createRedeemRepo(db: DbOrTx) {
  return {
    /** Codes redeemed in the period, per day of redemption (redeem_codes_redeem_time_idx). */
    redemptionsPerDay(p: DayPeriod) {
      return db
        .select({ day: dayOf(redeemCodes.redeemTime, p), count: countAll })
        .from(redeemCodes)
        .where(and(isNotNull(redeemCodes.redeemTime), inPeriod(redeemCodes.redeemTime, p)))
        .groupBy(byDay)
        .orderBy(byDay);
    },
    async listCodes(userId: string, tab: RedeemTab, now: Date, page: { offset: number; limit: number }) {
      const where = tabFilter(userId, tab, now);
      const orderBy = [desc(redeemCodes.createdAt), desc(redeemCodes.serialNo)];
      return pageWithTotal(
        page,
        db
          .select({ code: redeemCodes, goodsName: goods.name, productType: goods.productType })
          .from(redeemCodes)
          .innerJoin(goods, eq(goods.code, redeemCodes.goodsCode))
          .where(where)
          .orderBy(...orderBy)
          .limit(page.limit)
          .offset(page.offset),
        () => boundedTotal(db, { table: redeemCodes, where, orderBy, offset: page.offset }),
      );
    },
    /** A code by its text in any case, with or without dashes and spaces; locked when asked. */
    async findByCode(text: string, opts: { lock: boolean }) {
      const query = db
        .select()
        .from(redeemCodes)
        .where(sql`${matchKey} = ${normalizeRedeemCode(text)}`);
      const rows = await (opts.lock ? query.for('update') : query);
      return rows[0] ?? null;
    },
    /** The conditional update of the code state machine: nothing changes unless the code is still in `from`. */
    async moveState(serialNo: string, from: State, to: State, patch: Partial<RedeemCodeRow> = {}) {
      const rows = await db
        .update(redeemCodes)
        .set({ ...patch, state: to })
        .where(and(eq(redeemCodes.serialNo, serialNo), eq(redeemCodes.state, from)))
        .returning();
      return rows[0] ?? null;
    },
    async insertBatch(row: typeof redeemCodeBatches.$inferInsert) {
      const [created] = await db.insert(redeemCodeBatches).values(row).returning();
      return created!;
    },
    async findBatch(id: string, opts: { lock: boolean }) {
      const query = db.select().from(redeemCodeBatches).where(eq(redeemCodeBatches.id, id));
      const [row] = await (opts.lock ? query.for('update') : query);
      return row ?? null;
    },
    async markBatchAbolished(id: string, at: Date) {
      await db.update(redeemCodeBatches).set({ abolishedAt: at }).where(eq(redeemCodeBatches.id, id));
    },
    /** Batches newest first, each with how many of its codes are in each state. */
    async listBatches(page: { offset: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(redeemCodeBatches)
          .orderBy(desc(redeemCodeBatches.createdAt), desc(redeemCodeBatches.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(redeemCodeBatches),
      ]);
      const ids = rows.map((r) => r.id);
      const counts = ids.length
        ? await db
            .select({ batchId: redeemCodes.batchId, state: redeemCodes.state, n: count() })
            .from(redeemCodes)
            .where(inArray(redeemCodes.batchId, ids))
            .groupBy(redeemCodes.batchId, redeemCodes.state)
        : [];
      return { rows, counts, total: Number(total?.n ?? 0) };
    },
    async codesOfBatch(batchId: string, opts: { lock: boolean } = { lock: false }) {
      const query = db
        .select()
        .from(redeemCodes)
        .where(eq(redeemCodes.batchId, batchId))
        .orderBy(asc(redeemCodes.serialNo));
      return opts.lock ? query.for('update') : query;
    },
    async insertCodes(rows: (typeof redeemCodes.$inferInsert)[]) {
      return db.insert(redeemCodes).values(rows).onConflictDoNothing().returning();
    },
    async recordFailure(userId: string, reason: string, at: Date) {
      await db.insert(redeemFailures).values({ userId, reason, at });
    },
    async failuresSince(userId: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(redeemFailures)
        .where(and(eq(redeemFailures.userId, userId), gt(redeemFailures.at, since)));
      return row?.n ?? 0;
    },
    /** The user's `redeemCodes` orders, newest first. */
    async listRedeemOrders(userId: string, page: { offset: number; limit: number }) {
      const where = and(eq(orders.userId, userId), eq(orders.orderType, 'redeemCodes'))!;
      const orderBy = [desc(orders.createdAt), desc(orders.orderNo)];
      return pageWithTotal(
        page,
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(...orderBy)
          .limit(page.limit)
          .offset(page.offset),
        () => boundedTotal(db, { table: orders, where, orderBy, offset: page.offset }),
      );
    },
    /** One of the user's `redeemCodes` orders with its goods name. */
    async findRedeemOrder(userId: string, orderNo: string) {
      const [row] = await db
        .select({ order: orders, goodsName: goods.name })
        .from(orders)
        .innerJoin(goods, eq(goods.code, orders.goodsCode))
        .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId), eq(orders.orderType, 'redeemCodes')));
      return row ?? null;
    },
    /** The codes an order bought, in issue order. */
    async codesOfOrder(orderNo: string) {
      return db
        .select()
        .from(redeemCodes)
        .where(eq(redeemCodes.redeemOrderNo, orderNo))
        .orderBy(asc(redeemCodes.createdAt), asc(redeemCodes.serialNo));
    },
    async countOrderCodes(orderNo: string, states: State[]) {
      const [row] = await db
        .select({ n: count() })
        .from(redeemCodes)
        .where(and(eq(redeemCodes.redeemOrderNo, orderNo), inArray(redeemCodes.state, states)));
      return row?.n ?? 0;
    },
    /**
     * Up to `limit` codes of an order in `states`, locked: those held for a refund first, then
     * those never handed over. A row a concurrent redeem changed is left out (fewer rows).
     */
    async orderCodesIn(orderNo: string, states: State[], limit: number) {
      return db
        .select()
        .from(redeemCodes)
        .where(and(eq(redeemCodes.redeemOrderNo, orderNo), inArray(redeemCodes.state, states)))
        .orderBy(
          sql`${redeemCodes.state} <> 'refundHeld'`,
          sql`${redeemCodes.handedAt} is not null`,
          desc(redeemCodes.serialNo),
        )
        .limit(limit)
        .for('update');
    },
    async noteHandOver(serialNo: string, email: string, at: Date) {
      const [row] = await db
        .update(redeemCodes)
        .set({ handedTo: email, handedAt: at })
        .where(eq(redeemCodes.serialNo, serialNo))
        .returning();
      return row ?? null;
    },
    /** The offers on sale with their goods. */
    async offers() {
      return db
        .select({ offer: redeemOffers, goodsName: goods.name })
        .from(redeemOffers)
        .innerJoin(goods, eq(goods.code, redeemOffers.goodsCode))
        .where(and(eq(redeemOffers.active, 1), eq(goods.active, 1)))
        .orderBy(asc(redeemOffers.goodsCode), asc(redeemOffers.durationDays));
    },
    async findOffer(goodsCode: string, durationDays: number) {
      const [row] = await db
        .select({ offer: redeemOffers, goods })
        .from(redeemOffers)
        .innerJoin(goods, eq(goods.code, redeemOffers.goodsCode))
        .where(
          and(
            eq(redeemOffers.goodsCode, goodsCode),
            eq(redeemOffers.durationDays, durationDays),
            eq(redeemOffers.active, 1),
            eq(goods.active, 1),
          ),
        );
      return row ?? null;
    },
    /** Account deletion: failures go; redeemed codes stay for the books, detached from the person (orders: the orders module). */
    async forgetUser(userId: string) {
      await db.delete(redeemFailures).where(eq(redeemFailures.userId, userId));
      await db
        .update(redeemCodes)
        .set({ redeemedBy: null, redeemAccount: null })
        .where(eq(redeemCodes.redeemedBy, userId));
      await db.update(redeemCodes).set({ ownerUserId: null }).where(eq(redeemCodes.ownerUserId, userId));
    },
  };
}
export type RedeemRepo = ReturnType<typeof createRedeemRepo>;
