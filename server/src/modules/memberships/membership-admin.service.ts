/** Granting and revoking memberships by hand (admin command line), through the same grant rules. */
import { randomUUID } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { MembershipsService } from './memberships.service.ts';

type Deps = {
  db: Db;
  memberships: Pick<MembershipsService, 'grant' | 'revoke'>;
  products: Pick<ProductsService, 'findGoods'>;
  audit: AuditService;
  now?: () => Date;
};

export function createMembershipAdmin(d: Deps) {
  const now = d.now ?? (() => new Date());
  return {
    async grant(userId: string, goodsCode: string, days: number) {
      if (!Number.isInteger(days) || days < 1 || days > 3650)
        throw new AppError(Code.invalidParam, 'days must be 1–3650');
      return d.db.transaction(async (tx) => {
        if (!(await d.products.findGoods(goodsCode, tx))) throw new AppError(Code.goodsNotFound);
        const row = await d.memberships.grant(
          { userId, goodsCode, days, sourceType: 'admin', sourceId: `admin-${randomUUID()}`, now: now() },
          tx,
        );
        await d.audit.record({ event: 'membership.granted', userId, detail: { goodsCode, days } }, tx);
        return row;
      });
    },
    /** Ends the user's live and future memberships of one goods code now; returns how many rows changed. */
    async revoke(userId: string, goodsCode: string) {
      return d.db.transaction(async (tx) => {
        const changed = await d.memberships.revoke(userId, goodsCode, now(), tx);
        await d.audit.record({ event: 'membership.revoked', userId, detail: { goodsCode, changed } }, tx);
        return changed;
      });
    },
  };
}
export type MembershipAdmin = ReturnType<typeof createMembershipAdmin>;
