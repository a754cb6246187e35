import { and, desc, eq, gt, gte, max, min, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { goods, memberships } from '../../db/schema/index.ts';

export type MembershipRow = typeof memberships.$inferSelect;

export function createMembershipsRepo(db: DbOrTx) {
  return {
    /** Every membership row of a user with its source, latest end first (the console's user view). */
    listOf: (userId: string) =>
      db.select().from(memberships).where(eq(memberships.userId, userId)).orderBy(desc(memberships.endTime)).limit(200),
    /** Live memberships with their goods, best first (level, then latest end). */
    async activeMemberships(userId: string, now: Date) {
      return db
        .select({
          goodsCode: memberships.goodsCode,
          name: goods.name,
          productType: goods.productType,
          accountType: goods.accountType,
          level: goods.level,
          startTime: memberships.startTime,
          endTime: memberships.endTime,
        })
        .from(memberships)
        .innerJoin(goods, eq(goods.code, memberships.goodsCode))
        .where(
          and(eq(memberships.userId, userId), gt(memberships.endTime, now), sql`${memberships.startTime} <= ${now}`),
        )
        .orderBy(desc(goods.level), desc(memberships.endTime));
    },
    /** One row per goods code the user ever held: first start and last end. */
    async productsOf(userId: string) {
      return db
        .select({
          goodsCode: memberships.goodsCode,
          name: goods.name,
          productType: goods.productType,
          accountType: goods.accountType,
          startTime: min(memberships.startTime),
          expireTime: max(memberships.endTime),
        })
        .from(memberships)
        .innerJoin(goods, eq(goods.code, memberships.goodsCode))
        .where(eq(memberships.userId, userId))
        .groupBy(memberships.goodsCode, goods.name, goods.productType, goods.accountType)
        .orderBy(desc(max(memberships.endTime)));
    },

    // ---- grants (called inside a transaction) ----

    async latestEnd(userId: string, goodsCode: string): Promise<Date | null> {
      const [row] = await db
        .select({ end: max(memberships.endTime) })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, goodsCode)));
      return row?.end ? new Date(row.end) : null;
    },
    async insertMembership(row: typeof memberships.$inferInsert) {
      const [created] = await db.insert(memberships).values(row).returning();
      return created!;
    },
    /** The span still to come of one goods code: first start and last end of the live or future rows. */
    async liveSpan(userId: string, goodsCode: string, now: Date) {
      const [row] = await db
        .select({ start: min(memberships.startTime), end: max(memberships.endTime) })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, goodsCode), gt(memberships.endTime, now)));
      return row?.start && row.end ? { start: new Date(row.start), end: new Date(row.end) } : null;
    },
    async findBySource(sourceType: MembershipRow['sourceType'], sourceId: string) {
      return db
        .select()
        .from(memberships)
        .where(and(eq(memberships.sourceType, sourceType), eq(memberships.sourceId, sourceId)));
    },
    async setEnd(id: string, endTime: Date) {
      await db.update(memberships).set({ endTime }).where(eq(memberships.id, id));
    },
    /** Moves the rows stacked after `from` (same user and goods) earlier by `ms`. */
    async shiftLater(userId: string, goodsCode: string, from: Date, ms: number, exceptId: string) {
      const by = sql`(${ms} * interval '1 millisecond')`;
      await db
        .update(memberships)
        .set({ startTime: sql`${memberships.startTime} - ${by}`, endTime: sql`${memberships.endTime} - ${by}` })
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.goodsCode, goodsCode),
            gte(memberships.startTime, from),
            ne(memberships.id, exceptId),
          ),
        );
    },
    /** Ends every live or future row of one goods code now (future rows become empty). */
    async endAll(userId: string, goodsCode: string, now: Date) {
      return db
        .update(memberships)
        .set({ endTime: sql`greatest(${memberships.startTime}, ${now})` })
        .where(and(eq(memberships.userId, userId), eq(memberships.goodsCode, goodsCode), gt(memberships.endTime, now)))
        .returning({ id: memberships.id });
    },
    /** Per user and goods code, the last end of the memberships when it falls in [from, to). */
    async lastEndsBetween(from: Date, to: Date, limit: number) {
      const end = max(memberships.endTime);
      return db
        .select({ userId: memberships.userId, goodsCode: memberships.goodsCode, endTime: end })
        .from(memberships)
        .where(gt(memberships.endTime, from))
        .groupBy(memberships.userId, memberships.goodsCode)
        .having(sql`${end} >= ${from.toISOString()}::timestamptz and ${end} < ${to.toISOString()}::timestamptz`)
        .orderBy(end)
        .limit(limit);
    },
    async deleteOf(userId: string) {
      await db.delete(memberships).where(eq(memberships.userId, userId));
    },
  };
}
export type MembershipsRepo = ReturnType<typeof createMembershipsRepo>;
