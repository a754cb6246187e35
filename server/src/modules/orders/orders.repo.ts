import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { goods, orders } from '../../db/schema/index.ts';

export function createOrdersRepo(db: DbOrTx) {
  return {
    async listOrders(userId: string, filter: { status?: number; offset: number; limit: number }) {
      const where: SQL[] = [eq(orders.userId, userId)];
      if (filter.status !== undefined) where.push(eq(orders.status, filter.status));
      const [rows, [total]] = await Promise.all([
        db
          .select({ order: orders, goodsName: goods.name })
          .from(orders)
          .innerJoin(goods, eq(goods.code, orders.goodsCode))
          .where(and(...where))
          .orderBy(desc(orders.createdAt), desc(orders.orderNo))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: count() })
          .from(orders)
          .where(and(...where)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
