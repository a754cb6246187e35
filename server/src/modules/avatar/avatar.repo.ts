import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export function createAvatarRepo(db: DbOrTx) {
  return {
    /** The live user's current favicon, the row locked until the transaction ends. */
    async lockLiveUser(id: string) {
      const rows = await db
        .select({ id: users.id, favicon: users.favicon })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .for('update');
      return rows[0] ?? null;
    },
    async setFavicon(id: string, favicon: string, at: Date) {
      await db.update(users).set({ favicon, updateTime: at }).where(eq(users.id, id));
    },
  };
}
export type AvatarRepo = ReturnType<typeof createAvatarRepo>;
