import { eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linkTokens, registrations } from '../../db/schema/index.ts';

export function createRegistrationRepo(db: DbOrTx) {
  return {
    async insertRegistration(row: typeof registrations.$inferInsert) {
      await db.insert(registrations).values(row);
    },
    /** Account deletion: the registration record and every link of the user or sent to its addresses. */
    async forgetUser(userId: string, addresses: string[]) {
      await db.delete(registrations).where(eq(registrations.userId, userId));
      await db
        .delete(linkTokens)
        .where(
          addresses.length
            ? or(eq(linkTokens.userId, userId), inArray(linkTokens.target, addresses))
            : eq(linkTokens.userId, userId),
        );
    },
  };
}
export type RegistrationRepo = ReturnType<typeof createRegistrationRepo>;
