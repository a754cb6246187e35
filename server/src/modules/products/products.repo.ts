import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { goods } from '../../db/schema/index.ts';

export type GoodsRow = typeof goods.$inferSelect;

export function createProductsRepo(db: DbOrTx) {
  return {
    async listGoods(opts: { activeOnly: boolean }) {
      const query = db.select().from(goods);
      const rows = await (opts.activeOnly ? query.where(eq(goods.active, 1)) : query).orderBy(
        asc(goods.productType),
        asc(goods.level),
        asc(goods.code),
      );
      return rows;
    },
    async findGoods(code: string) {
      const rows = await db.select().from(goods).where(eq(goods.code, code)).limit(1);
      return rows[0] ?? null;
    },
    async lockGoods(code: string) {
      const rows = await db.select().from(goods).where(eq(goods.code, code)).limit(1).for('update');
      return rows[0] ?? null;
    },
    async updateGoods(code: string, patch: Partial<Pick<GoodsRow, 'priceUsd' | 'priceCny' | 'active'>>) {
      const rows = await db.update(goods).set(patch).where(eq(goods.code, code)).returning();
      return rows[0] ?? null;
    },
  };
}
export type ProductsRepo = ReturnType<typeof createProductsRepo>;
