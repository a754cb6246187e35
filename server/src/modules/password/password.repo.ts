import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export function createPasswordRepo(db: DbOrTx) {
  return {
    async findLiveUser(id: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    async lockLiveUser(id: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .for('update');
      return rows[0] ?? null;
    },
    async setPasswordHash(id: string, passwordHash: string, at: Date) {
      await db.update(users).set({ passwordHash, updateTime: at }).where(eq(users.id, id));
    },
    /** Ends every live session of the user but `keepId` (they then answer 1000002). */
    async revokeOtherSessions(userId: string, keepId: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at, revokeReason: 'passwordChanged' })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepId)));
    },
  };
}
export type PasswordRepo = ReturnType<typeof createPasswordRepo>;
