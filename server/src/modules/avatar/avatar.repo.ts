import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export function createAvatarRepo(db: DbOrTx) {
  return {
    async setFavicon(id: string, favicon: string, at: Date) {
      await db.update(users).set({ favicon, updateTime: at }).where(eq(users.id, id));
    },
  };
}
export type AvatarRepo = ReturnType<typeof createAvatarRepo>;
