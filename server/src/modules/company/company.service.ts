/** Companies and their members: what the account's company is, whether it is active. */
import type { TCompanyInfo } from '@ac/protocol/session';
import type { Db, DbOrTx } from '../../db/client.ts';
import { iso } from '../../lib/time.ts';
import { createCompanyRepo } from './company.repo.ts';

export function createCompanyService(d: { db: Db }) {
  const repo = (tx?: DbOrTx) => createCompanyRepo(tx ?? d.db);
  return {
    /** The user's company and role, or null. */
    async companyInfo(userId: string): Promise<TCompanyInfo> {
      const c = await repo().companyOfUser(userId);
      return c ? { ...c, endTime: iso(c.endTime) } : null;
    },
    inActiveCompany: (userId: string, tx?: DbOrTx) => repo(tx).inActiveCompany(userId),
    /** Account deletion: the user leaves every company. */
    forgetMember: (userId: string, tx: DbOrTx) => repo(tx).deleteMember(userId),
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
