import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export function createUserRepo(db: DbOrTx) {
  return {
    async findLiveUser(id: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The live user, locked until the surrounding transaction ends. */
    async lockLiveUser(id: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .for('update');
      return rows[0] ?? null;
    },
  };
}
export type UserRepo = ReturnType<typeof createUserRepo>;
export type UserRow = NonNullable<Awaited<ReturnType<UserRepo['findLiveUser']>>>;
