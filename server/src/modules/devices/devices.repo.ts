import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';

export function createDevicesRepo(db: DbOrTx) {
  return {
    async listDevices(userId: string, page: { offset: number; limit: number }) {
      const where = eq(devices.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(devices)
          .where(where)
          .orderBy(desc(devices.lastTime), desc(devices.createdAt))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(devices).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async deleteOf(userId: string) {
      await db.delete(devices).where(eq(devices.userId, userId));
    },
  };
}
export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
