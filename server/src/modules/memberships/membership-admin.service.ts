/** Granting and revoking memberships by hand (admin command line), through the same grant rules. */
import { randomUUID } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAuditRepo } from '../audit/audit.repo.ts';
import { createProductsRepo } from '../products/products.repo.ts';
import { grantMembership, revokeMembership } from './membership-grants.ts';

export function createMembershipAdmin(d: { db: Db; now?: () => Date }) {
  const now = d.now ?? (() => new Date());
  return {
    async grant(userId: string, goodsCode: string, days: number) {
      if (!Number.isInteger(days) || days < 1 || days > 3650)
        throw new AppError(Code.invalidParam, 'days must be 1–3650');
      return d.db.transaction(async (tx) => {
        if (!(await createProductsRepo(tx).findGoods(goodsCode))) throw new AppError(Code.goodsNotFound);
        const row = await grantMembership(tx, {
          userId,
          goodsCode,
          days,
          sourceType: 'admin',
          sourceId: `admin-${randomUUID()}`,
          now: now(),
        });
        await createAuditRepo(tx).record({ event: 'membership.granted', userId, detail: { goodsCode, days } });
        return row;
      });
    },
    /** Ends the user's live and future memberships of one goods code now; returns how many rows changed. */
    async revoke(userId: string, goodsCode: string) {
      return d.db.transaction(async (tx) => {
        const changed = await revokeMembership(tx, userId, goodsCode, now());
        await createAuditRepo(tx).record({ event: 'membership.revoked', userId, detail: { goodsCode, changed } });
        return changed;
      });
    },
  };
}
export type MembershipAdmin = ReturnType<typeof createMembershipAdmin>;
