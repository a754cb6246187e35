import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export function createPasswordRepo(db: DbOrTx) {
  return {
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
