import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { registrations, users } from '../../db/schema/index.ts';

export function createRegistrationRepo(db: DbOrTx) {
  return {
    async findLiveUserByEmail(email: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    async insertUser(row: typeof users.$inferInsert) {
      const [created] = await db.insert(users).values(row).returning({ id: users.id });
      return created!.id;
    },
    async insertRegistration(row: typeof registrations.$inferInsert) {
      await db.insert(registrations).values(row);
    },
    /** Activates a live account; false when there is none. */
    async activateUser(id: string, at: Date) {
      const rows = await db
        .update(users)
        .set({ isActivate: true, updateTime: at })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** A new password; opening a mailed link also proves the address, so the account is activated. */
    async setPassword(id: string, passwordHash: string, at: Date, activate: boolean) {
      const rows = await db
        .update(users)
        .set(activate ? { passwordHash, isActivate: true, updateTime: at } : { passwordHash, updateTime: at })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}
export type RegistrationRepo = ReturnType<typeof createRegistrationRepo>;
