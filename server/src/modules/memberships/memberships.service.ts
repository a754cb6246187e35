/** Memberships derived from what granted them: the current VIP, products and storage. */

import type { TMyProduct } from '@ac/protocol/commerce';
import type { TAccountType } from '@ac/protocol/enums';
import type { TStorage, TVipInfo } from '@ac/protocol/session';
import { iso } from '../../lib/time.ts';
import type { MembershipsRepo } from './memberships.repo.ts';

export const GIB = 1024 ** 3;
/** Storage every account has without a membership. */
export const FREE_STORAGE_BYTES = 1 * GIB;
const VIEWER_FAMILY = new Set(['viewer', 'mobileViewer']);

export function createMembershipsService(repo: MembershipsRepo, now: () => Date = () => new Date()) {
  return {
    async currentVip(userId: string): Promise<TVipInfo | null> {
      const live = await repo.activeMemberships(userId, now());
      const best = live.find((m) => VIEWER_FAMILY.has(m.productType)) ?? live[0];
      if (!best) return null;
      return {
        goodsCode: best.goodsCode,
        name: best.name,
        accountType: best.accountType as TAccountType,
        startTime: iso(best.startTime),
        endTime: iso(best.endTime),
      };
    },

    async storage(userId: string, usedBytes: number): Promise<TStorage> {
      const extraGb = await repo.activeStorageGb(userId, now());
      const total = FREE_STORAGE_BYTES + extraGb * GIB;
      return { total, used: usedBytes, surplus: Math.max(total - usedBytes, 0), free: FREE_STORAGE_BYTES };
    },

    async products(userId: string): Promise<TMyProduct[]> {
      const rows = await repo.productsOf(userId);
      return rows.map((r) => ({
        goodsCode: r.goodsCode,
        name: r.name,
        productType: r.productType,
        accountType: r.accountType as TAccountType,
        startTime: iso(new Date(r.startTime!)),
        expireTime: iso(new Date(r.expireTime!)),
      }));
    },
  };
}
export type MembershipsService = ReturnType<typeof createMembershipsService>;
