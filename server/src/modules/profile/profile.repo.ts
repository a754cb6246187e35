import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

type UserPatch = Partial<
  Pick<typeof users.$inferInsert, 'nickName' | 'location' | 'company' | 'position' | 'email' | 'mobile'>
>;

export function createProfileRepo(db: DbOrTx) {
  return {
    async findLiveUser(id: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The live user, locked until the transaction ends. */
    async lockLiveUser(id: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .for('update');
      return rows[0] ?? null;
    },
    /** Whether another live account uses this email or mobile. */
    async addressUsedByOther(column: 'email' | 'mobile', value: string, userId: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users[column], value), isNull(users.deletedAt), ne(users.id, userId)))
        .limit(1);
      return rows.length > 0;
    },
    async updateUser(id: string, patch: UserPatch, at: Date) {
      const [row] = await db
        .update(users)
        .set({ ...patch, updateTime: at })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },
  };
}
export type ProfileRepo = ReturnType<typeof createProfileRepo>;
export type ProfileUser = NonNullable<Awaited<ReturnType<ProfileRepo['findLiveUser']>>>;
