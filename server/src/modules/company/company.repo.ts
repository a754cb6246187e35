import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyMembers } from '../../db/schema/index.ts';

export function createCompanyRepo(db: DbOrTx) {
  return {
    async companyOfUser(userId: string) {
      const rows = await db
        .select({
          companyId: companies.id,
          companyName: companies.name,
          role: companyMembers.role,
          companyStatus: companies.status,
          freezeStatus: companies.freezeStatus,
          endTime: companies.endTime,
        })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(eq(companyMembers.userId, userId))
        .limit(1);
      return rows[0] ?? null;
    },
    async inActiveCompany(userId: string) {
      const rows = await db
        .select({ id: companies.id })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(and(eq(companyMembers.userId, userId), eq(companies.status, 'active')))
        .limit(1);
      return rows.length > 0;
    },
    async deleteMember(userId: string) {
      await db.delete(companyMembers).where(eq(companyMembers.userId, userId));
    },
  };
}
export type CompanyRepo = ReturnType<typeof createCompanyRepo>;
