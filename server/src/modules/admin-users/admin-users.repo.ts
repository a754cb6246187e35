/** Account look-ups for the admin command line (the user module serves the account owner). */
import { and, asc, count, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export function createAdminUsersRepo(db: DbOrTx) {
  return {
    async listUsers(page: { offset: number; limit: number }) {
      const where = isNull(users.deletedAt);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            mobile: users.mobile,
            isActivate: users.isActivate,
            registerDate: users.registerDate,
          })
          .from(users)
          .where(where)
          .orderBy(asc(users.registerDate), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** A live account by email (any case) or mobile. */
    async findByAccount(account: string) {
      const text = account.trim();
      const rows = await db
        .select({ id: users.id, email: users.email, mobile: users.mobile })
        .from(users)
        .where(and(isNull(users.deletedAt), sql`(${users.email} = ${text.toLowerCase()} or ${users.mobile} = ${text})`))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type AdminUsersRepo = ReturnType<typeof createAdminUsersRepo>;
