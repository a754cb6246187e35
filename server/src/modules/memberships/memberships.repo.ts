import { and, desc, eq, gt, max, min, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { goods, memberships } from '../../db/schema/index.ts';

export function createMembershipsRepo(db: DbOrTx) {
  return {
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
    async activeStorageGb(userId: string, now: Date) {
      const [row] = await db
        .select({ gb: sum(goods.storageGb) })
        .from(memberships)
        .innerJoin(goods, eq(goods.code, memberships.goodsCode))
        .where(and(eq(memberships.userId, userId), gt(memberships.endTime, now)));
      return Number(row?.gb ?? 0);
    },
  };
}
export type MembershipsRepo = ReturnType<typeof createMembershipsRepo>;
