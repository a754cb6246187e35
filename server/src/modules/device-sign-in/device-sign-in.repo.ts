import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deviceSignIns } from '../../db/schema/index.ts';

type NewDeviceSignIn = typeof deviceSignIns.$inferInsert;
export type DeviceSignInRow = typeof deviceSignIns.$inferSelect;

/** Every query of device_sign_ins (docs/protocol.md#device-sign-in). */
export function createDeviceSignInRepo(db: DbOrTx) {
  return {
    /** false when the user code is taken (the caller draws another). */
    async insert(row: NewDeviceSignIn) {
      const created = await db
        .insert(deviceSignIns)
        .values(row)
        .onConflictDoNothing({ target: deviceSignIns.userCodeHash })
        .returning({ id: deviceSignIns.id });
      return created.length > 0;
    },
    /** Deletes the rows that expired before `at`; returns how many. */
    async deleteExpiredBefore(at: Date) {
      const gone = await db
        .delete(deviceSignIns)
        .where(lt(deviceSignIns.expiresAt, at))
        .returning({ id: deviceSignIns.id });
      return gone.length;
    },
    /** The row of a device code, locked until the transaction ends (one poll at a time decides). */
    async lockByDeviceCode(deviceCodeHash: string) {
      const rows = await db
        .select()
        .from(deviceSignIns)
        .where(eq(deviceSignIns.deviceCodeHash, deviceCodeHash))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },
    async polled(id: string, at: Date, intervalSeconds: number) {
      await db.update(deviceSignIns).set({ lastPolledAt: at, intervalSeconds }).where(eq(deviceSignIns.id, id));
    },
    async markUsed(id: string, at: Date) {
      await db.update(deviceSignIns).set({ usedAt: at, lastPolledAt: at }).where(eq(deviceSignIns.id, id));
    },
    /** The undecided, unexpired request of a user code, or null. */
    async findPending(userCodeHash: string, at: Date) {
      const rows = await db
        .select()
        .from(deviceSignIns)
        .where(
          and(
            eq(deviceSignIns.userCodeHash, userCodeHash),
            isNull(deviceSignIns.decision),
            gt(deviceSignIns.expiresAt, at),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    /** Decides a pending, unexpired request in one conditional statement; false when it was not (any more). */
    async decide(
      userCodeHash: string,
      by: { userId: string; sessionId: string },
      decision: 'approved' | 'denied',
      at: Date,
    ) {
      const approvedBySessionId = decision === 'approved' ? by.sessionId : null;
      const rows = await db
        .update(deviceSignIns)
        .set({ userId: by.userId, approvedBySessionId, decision, decidedAt: at })
        .where(
          and(
            eq(deviceSignIns.userCodeHash, userCodeHash),
            isNull(deviceSignIns.decision),
            gt(deviceSignIns.expiresAt, at),
          ),
        )
        .returning({ id: deviceSignIns.id });
      return rows.length > 0;
    },
  };
}
