import { desc, eq } from 'drizzle-orm';
import { boundedTotal, pageWithTotal } from '../../db/bounded-count.ts';
import type { DbOrTx } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';

export function createDevicesRepo(db: DbOrTx) {
  return {
    async listDevices(userId: string, page: { offset: number; limit: number }) {
      const where = eq(devices.userId, userId);
      const orderBy = [desc(devices.lastTime), desc(devices.createdAt)];
      return pageWithTotal(
        page,
        db
          .select()
          .from(devices)
          .where(where)
          .orderBy(...orderBy)
          .limit(page.limit)
          .offset(page.offset),
        () => boundedTotal(db, { table: devices, where, orderBy, offset: page.offset }),
      );
    },
    async deleteOf(userId: string) {
      await db.delete(devices).where(eq(devices.userId, userId));
    },
  };
}
export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
