import { and, count, desc, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { goods, redeemCodes } from '../../db/schema/index.ts';

export type RedeemTab = 'unused' | 'used' | 'expired';

function tabFilter(userId: string, tab: RedeemTab, now: Date): SQL {
  const held = eq(redeemCodes.ownerUserId, userId);
  const open = inArray(redeemCodes.state, ['unused', 'preOccupied']);
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
    async listCodes(userId: string, tab: RedeemTab, now: Date, page: { offset: number; limit: number }) {
      const where = tabFilter(userId, tab, now);
      const [rows, [total]] = await Promise.all([
        db
          .select({ code: redeemCodes, goodsName: goods.name, productType: goods.productType })
          .from(redeemCodes)
          .innerJoin(goods, eq(goods.code, redeemCodes.goodsCode))
          .where(where)
          .orderBy(desc(redeemCodes.createdAt), desc(redeemCodes.serialNo))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(redeemCodes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type RedeemRepo = ReturnType<typeof createRedeemRepo>;
