import { and, count, desc, eq, sql } from 'drizzle-orm';
import { boundedTotal, pageWithTotal } from '../../db/bounded-count.ts';
import type { DbOrTx } from '../../db/client.ts';
import { devices } from '../../db/schema/index.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceReport = {
  uuid: string;
  mac: string;
  name: string;
  model: string;
  clientVersion: string;
  clientType: string;
  ip: string;
  at: Date;
};

export function createDevicesRepo(db: DbOrTx) {
  return {
    /** The accounts a device UUID was reported by (the console's user search). */
    async usersOfUuid(uuid: string) {
      const rows = await db.select({ userId: devices.userId }).from(devices).where(eq(devices.uuid, uuid)).limit(100);
      return rows.map((r) => r.userId);
    },
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
    /** Inserts the device of (user, uuid) or refreshes what its client told and where it was seen. */
    async upsertReport(userId: string, r: DeviceReport) {
      const fields = {
        mac: r.mac,
        name: r.name,
        model: r.model,
        clientVersion: r.clientVersion,
        clientType: r.clientType,
        lastIp: r.ip,
        lastTime: r.at,
      };
      const [row] = await db
        .insert(devices)
        .values({ userId, uuid: r.uuid, ...fields })
        .onConflictDoUpdate({ target: [devices.userId, devices.uuid], set: fields })
        .returning();
      return row!;
    },
    async findOf(userId: string, id: string) {
      const rows = await db
        .select()
        .from(devices)
        .where(and(eq(devices.userId, userId), eq(devices.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
    async countBound(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(devices)
        .where(and(eq(devices.userId, userId), eq(devices.status, 'bound')));
      return row?.n ?? 0;
    },
    async setStatus(id: string, status: DeviceRow['status'], at: Date) {
      await db
        .update(devices)
        .set({ status, boundAt: status === 'bound' ? at : sql`null` })
        .where(eq(devices.id, id));
    },
    async deleteOf(userId: string) {
      await db.delete(devices).where(eq(devices.userId, userId));
    },
  };
}
export type DevicesRepo = ReturnType<typeof createDevicesRepo>;
