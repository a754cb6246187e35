import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authThrottle, sessions } from '../../db/schema/index.ts';

type NewSession = typeof sessions.$inferInsert;
type RevokeReason = NonNullable<typeof sessions.$inferSelect.revokeReason>;

export function createSessionRepo(db: DbOrTx) {
  return {
    async insertSession(row: NewSession) {
      const [created] = await db.insert(sessions).values(row).returning({ id: sessions.id });
      return created!;
    },
    async touchSession(id: string, lastSeenAt: Date, expiresAt: Date) {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
    },
    async revokeSession(id: string, reason: RevokeReason, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at, revokeReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    async revokeUserSessions(userId: string, reason: RevokeReason, at: Date, exceptId?: string) {
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptId) conditions.push(ne(sessions.id, exceptId));
      await db
        .update(sessions)
        .set({ revokedAt: at, revokeReason: reason })
        .where(and(...conditions));
    },
    async sessionCreatedAt(id: string) {
      const rows = await db
        .select({ createdAt: sessions.createdAt })
        .from(sessions)
        .where(eq(sessions.id, id))
        .limit(1);
      return rows[0]?.createdAt ?? null;
    },
    /** Every session ends (reason `deleted`) and loses its IP, user agent and device id. */
    async endAndScrub(userId: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at, revokeReason: 'deleted' })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await db.update(sessions).set({ ip: null, userAgent: null, deviceId: null }).where(eq(sessions.userId, userId));
    },
    async findThrottle(key: string) {
      const rows = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1);
      return rows[0] ?? null;
    },
    /** Adds one failure atomically and returns the new count. */
    async addFailure(key: string, at: Date) {
      const [row] = await db
        .insert(authThrottle)
        .values({ key, failures: 1, updatedAt: at })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: { failures: sql`${authThrottle.failures} + 1`, updatedAt: at },
        })
        .returning({ failures: authThrottle.failures });
      return row!.failures;
    },
    async lockUntil(key: string, until: Date) {
      await db.update(authThrottle).set({ lockedUntil: until }).where(eq(authThrottle.key, key));
    },
    async clearThrottle(key: string) {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
    async clearThrottles(keys: string[]) {
      await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
    },
  };
}
export type SessionRepo = ReturnType<typeof createSessionRepo>;
