/**
 * Memberships derived from what granted them: the current VIP, products and
 * storage; and every change of them, made inside the caller's transaction
 * (docs/protocol.md#data-rules): a grant extends from the later of now and the current end of
 * the same goods code; a refund shortens the row its order granted and
 * moves the rows stacked after it earlier by the same time.
 */

import { Code } from '@ac/protocol/codes';
import type { TMyProduct } from '@ac/protocol/commerce';
import type { TAccountType } from '@ac/protocol/enums';
import type { TStorage, TVipInfo } from '@ac/protocol/session';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, DAY, iso } from '../../lib/time.ts';
import { nextChangeAfter, type UserAnswerCache } from '../../lib/user-answer-cache.ts';
import type { UserChanges } from '../../lib/user-changes.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { UserService } from '../user/user.service.ts';
import { bestGrantSql, grantedStorageGbSql, toVipInfo } from './best-membership.ts';
import { createMembershipsRepo, type MembershipRow } from './memberships.repo.ts';

export const GIB = 1024 ** 3;
/** Storage every account has without a membership. */
export const FREE_STORAGE_BYTES = 1 * GIB;

export type Grant = {
  userId: string;
  goodsCode: string;
  days: number;
  sourceType: MembershipRow['sourceType'];
  sourceId: string;
  now: Date;
};

export type Shortening = {
  userId: string;
  sourceType: MembershipRow['sourceType'];
  sourceId: string;
  /** Share of the row's remaining paid value refunded now: (0, 1]; 1 removes all that is left. */
  fraction: number;
  now: Date;
};

type Deps = {
  db: Db;
  /** Every membership change of one user is serialised by a row lock on the user. */
  users: Pick<UserService, 'lock'>;
  products: Pick<ProductsService, 'findGoods'>;
  /** Company seats grant their goods like a membership while the company grants (docs/product.md#enterprise). */
  companies: Pick<CompanyService, 'liveSeatGrants'>;
  /** Told of every membership change (the user's session snapshots show the VIP and storage). */
  changes: UserChanges;
  /** Keeps product/mine per user (lib/user-answer-cache.ts); every membership or seat change forgets it. */
  answers?: UserAnswerCache;
  now?: () => Date;
};

type LiveRow = {
  goodsCode: string;
  name: string;
  productType: string;
  accountType: string;
  level: number;
  startTime: Date;
  endTime: Date;
};
/** Best first: level, then the latest end. */
const byBest = (a: LiveRow, b: LiveRow) => b.level - a.level || b.endTime.getTime() - a.endTime.getTime();

/** The storage of an account: the free part plus `extraGb` of its memberships not yet ended. */
export function storageOf(extraGb: number, usedBytes: number): TStorage {
  const total = FREE_STORAGE_BYTES + extraGb * GIB;
  return {
    total,
    used: usedBytes,
    surplus: Math.max(total - usedBytes, 0),
    free: FREE_STORAGE_BYTES,
    overQuota: usedBytes > total,
  };
}

export function createMembershipsService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createMembershipsRepo(tx ?? d.db);

  /** The current membership and the storage of the grants, by the one rule (best-membership.ts). */
  async function grantsNow(userId: string) {
    const id = sql`${userId}::uuid`;
    const at = sql`${now().toISOString()}::timestamptz`;
    const [row] = await d.db
      .select({ vip: bestGrantSql(id, at), storageGb: grantedStorageGbSql(id, at) })
      .from(sql`(select 1) as one`);
    return { vip: row?.vip ?? null, storageGb: Number(row?.storageGb ?? 0) };
  }

  /** Live memberships and live company seats, with their goods, best first. */
  async function live(userId: string, at: Date, tx?: DbOrTx): Promise<LiveRow[]> {
    const own = await repo(tx).activeMemberships(userId, at);
    const seats = await d.companies.liveSeatGrants(userId, at, tx);
    return [...own, ...seats].sort(byBest);
  }

  /**
   * product/mine at `at`, read from the database, and every start and end it was made of (a company
   * seat merged into a membership of the same goods still changes the answer when it ends).
   */
  async function productsAt(userId: string, at: Date): Promise<{ rows: TMyProduct[]; times: string[] }> {
    const rows = new Map<string, TMyProduct>();
    const times: string[] = [];
    const put = (r: Omit<TMyProduct, 'accountType'> & { accountType: string }) => {
      const had = rows.get(r.goodsCode);
      rows.set(r.goodsCode, {
        goodsCode: r.goodsCode,
        name: r.name,
        productType: r.productType,
        accountType: r.accountType as TAccountType,
        startTime: had && had.startTime < r.startTime ? had.startTime : r.startTime,
        expireTime: had && had.expireTime > r.expireTime ? had.expireTime : r.expireTime,
      });
      times.push(r.startTime, r.expireTime);
    };
    for (const r of await repo().productsOf(userId)) {
      put({ ...r, startTime: iso(new Date(r.startTime!)), expireTime: iso(new Date(r.expireTime!)) });
    }
    for (const s of await d.companies.liveSeatGrants(userId, at)) {
      put({ ...s, startTime: iso(s.startTime), expireTime: iso(s.endTime) });
    }
    return { rows: [...rows.values()].sort((a, b) => b.expireTime.localeCompare(a.expireTime)), times };
  }

  return {
    /** The current membership (best-membership.ts: the one rule, which the session snapshot runs too). */
    async currentVip(userId: string): Promise<TVipInfo | null> {
      return toVipInfo((await grantsNow(userId)).vip);
    },

    /** The current membership and the storage, read together (one query). */
    async vipAndStorage(userId: string, usedBytes: number): Promise<{ vipInfo: TVipInfo | null; storage: TStorage }> {
      const grants = await grantsNow(userId);
      return { vipInfo: toVipInfo(grants.vip), storage: storageOf(grants.storageGb, usedBytes) };
    },

    /**
     * product/mine's answer: one row per goods code ever held, a live company seat included; the latest end first.
     * A kept answer is the same object on every call (the envelope checks and writes it once).
     */
    async products(userId: string): Promise<{ rows: TMyProduct[] }> {
      if (!d.answers) return { rows: (await productsAt(userId, now())).rows };
      return d.answers.get(userId, 'product/mine', async () => {
        const at = now();
        const { rows, times } = await productsAt(userId, at);
        // kept no longer than the first start or end still to come in it (a seat ends with its company)
        return { value: { rows }, changesAt: nextChangeAfter(at.getTime(), times) };
      });
    },

    /** Every membership row of the user with its source (the console's user view), latest end first. */
    async history(userId: string) {
      const at = now();
      return (await repo().listOf(userId)).map((m) => ({
        goodsCode: m.goodsCode,
        startTime: iso(m.startTime),
        endTime: iso(m.endTime),
        sourceType: m.sourceType,
        sourceId: m.sourceId,
        live: m.startTime <= at && m.endTime > at,
      }));
    },

    /** Live memberships and company seats with their goods, best first. */
    active: live,
    /** The span still to come of one goods code, or null. */
    liveSpan: (userId: string, goodsCode: string, at: Date, tx?: DbOrTx) => repo(tx).liveSpan(userId, goodsCode, at),

    async grant(g: Grant, tx: Tx): Promise<MembershipRow> {
      const r = repo(tx);
      if (!(await d.users.lock(g.userId, tx))) throw new AppError(Code.userNotFound);
      const latest = await r.latestEnd(g.userId, g.goodsCode);
      const startTime = latest && latest > g.now ? latest : g.now;
      await d.changes.userChanged(g.userId, tx);
      return r.insertMembership({
        userId: g.userId,
        goodsCode: g.goodsCode,
        sourceType: g.sourceType,
        sourceId: g.sourceId,
        startTime,
        endTime: addMs(startTime, g.days * DAY),
        createdAt: g.now,
      });
    },

    /** Shortens the rows granted by one source; returns the new end of the last one (or null if none). */
    async shorten(s: Shortening, tx: Tx): Promise<Date | null> {
      const r = repo(tx);
      await d.users.lock(s.userId, tx);
      await d.changes.userChanged(s.userId, tx);
      let newEnd: Date | null = null;
      for (const row of await r.findBySource(s.sourceType, s.sourceId)) {
        const start = row.startTime.getTime();
        const end = row.endTime.getTime();
        const future = Math.max(end - Math.max(start, s.now.getTime()), 0);
        const cut = s.fraction >= 1 ? future : Math.min(Math.round((end - start) * s.fraction), future);
        newEnd = new Date(end - cut);
        if (cut <= 0) continue;
        await r.setEnd(row.id, newEnd);
        await r.shiftLater(row.userId, row.goodsCode, row.endTime, cut, row.id);
      }
      return newEnd;
    },

    /** Ends every live or future membership of one goods code now; returns how many rows changed. */
    async revoke(userId: string, goodsCode: string, at: Date, tx: Tx): Promise<number> {
      if (!(await d.users.lock(userId, tx))) throw new AppError(Code.userNotFound);
      await d.changes.userChanged(userId, tx);
      return (await repo(tx).endAll(userId, goodsCode, at)).length;
    },

    /** The membership of one goods code as vipInfo: its live span and the goods it is for. */
    async vipInfoOf(userId: string, goodsCode: string, at: Date, tx: Tx): Promise<TVipInfo | null> {
      const span = await repo(tx).liveSpan(userId, goodsCode, at);
      const g = await d.products.findGoods(goodsCode, tx);
      if (!span || !g) return null;
      return {
        goodsCode,
        name: g.name,
        accountType: g.accountType as TAccountType,
        startTime: iso(span.start),
        endTime: iso(span.end),
      };
    },

    /** The memberships (user and goods code) whose last end falls in [from, to): the reminders' list. */
    lastEndsBetween: async (from: Date, to: Date, limit = 1000) =>
      (await repo().lastEndsBetween(from, to, limit)).map((r) => ({ ...r, endTime: new Date(r.endTime!) })),

    /** Account deletion: the user's membership rows go. */
    async forgetUser(userId: string, tx: DbOrTx) {
      await repo(tx).deleteOf(userId);
      await d.changes.userChanged(userId, tx);
    },
  };
}
export type MembershipsService = ReturnType<typeof createMembershipsService>;
