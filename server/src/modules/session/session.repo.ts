import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authThrottle, sessions, users } from '../../db/schema/index.ts';

type NewSession = typeof sessions.$inferInsert;
type RevokeReason = NonNullable<typeof sessions.$inferSelect.revokeReason>;

export function createSessionRepo(db: DbOrTx) {
  return {
    async insertSession(row: NewSession) {
      const [created] = await db.insert(sessions).values(row).returning({ id: sessions.id });
      return created!;
    },
    async findSessionByTokenHash(tokenHash: string) {
      const rows = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
      return rows[0] ?? null;
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
    /** The live account reached by an email or mobile (case-insensitive email). */
    async findUserByAccount(account: string) {
      const normalized = account.trim().toLowerCase();
      const rows = await db
        .select()
        .from(users)
        .where(
          and(isNull(users.deletedAt), sql`(${users.email} = ${normalized} or ${users.mobile} = ${account.trim()})`),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    async recordLogin(userId: string, at: Date, passwordHash?: string) {
      await db
        .update(users)
        .set(passwordHash ? { lastLoginTime: at, passwordHash } : { lastLoginTime: at })
        .where(eq(users.id, userId));
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
  };
}
export type SessionRepo = ReturnType<typeof createSessionRepo>;
