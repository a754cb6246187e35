import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

type UserPatch = Partial<
  Pick<typeof users.$inferInsert, 'nickName' | 'location' | 'company' | 'position' | 'email' | 'mobile'>
>;

export function createProfileRepo(db: DbOrTx) {
  return {
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
export type { UserRow as ProfileUser } from '../user/user.repo.ts';
