/**
 * Membership changes made inside the caller's transaction (docs/protocol.md#data-rules):
 * a grant extends from the later of now and the current end of the same
 * goods code; a refund shortens the row its order granted and moves the
 * rows stacked after it earlier by the same time.
 */

import { Code } from '@ac/protocol/codes';
import type { TAccountType } from '@ac/protocol/enums';
import type { TVipInfo } from '@ac/protocol/session';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, DAY, iso } from '../../lib/time.ts';
import { createProductsRepo } from '../products/products.repo.ts';
import { createMembershipsRepo, type MembershipRow } from './memberships.repo.ts';

export type Grant = {
  userId: string;
  goodsCode: string;
  days: number;
  sourceType: MembershipRow['sourceType'];
  sourceId: string;
  now: Date;
};

export async function grantMembership(tx: Tx, g: Grant): Promise<MembershipRow> {
  const repo = createMembershipsRepo(tx);
  if (!(await repo.lockUser(g.userId))) throw new AppError(Code.userNotFound);
  const latest = await repo.latestEnd(g.userId, g.goodsCode);
  const startTime = latest && latest > g.now ? latest : g.now;
  return repo.insertMembership({
    userId: g.userId,
    goodsCode: g.goodsCode,
    sourceType: g.sourceType,
    sourceId: g.sourceId,
    startTime,
    endTime: addMs(startTime, g.days * DAY),
    createdAt: g.now,
  });
}

export type Shortening = {
  userId: string;
  sourceType: MembershipRow['sourceType'];
  sourceId: string;
  /** Share of the row's remaining paid value refunded now: (0, 1]; 1 removes all that is left. */
  fraction: number;
  now: Date;
};

/** Shortens the rows granted by one source; returns the new end of the last one (or null if none). */
export async function shortenMembership(tx: Tx, s: Shortening): Promise<Date | null> {
  const repo = createMembershipsRepo(tx);
  await repo.lockUser(s.userId);
  let newEnd: Date | null = null;
  for (const row of await repo.findBySource(s.sourceType, s.sourceId)) {
    const start = row.startTime.getTime();
    const end = row.endTime.getTime();
    const future = Math.max(end - Math.max(start, s.now.getTime()), 0);
    const cut = s.fraction >= 1 ? future : Math.min(Math.round((end - start) * s.fraction), future);
    newEnd = new Date(end - cut);
    if (cut <= 0) continue;
    await repo.setEnd(row.id, newEnd);
    await repo.shiftLater(row.userId, row.goodsCode, row.endTime, cut, row.id);
  }
  return newEnd;
}

/** Ends every live or future membership of one goods code now; returns how many rows changed. */
export async function revokeMembership(tx: Tx, userId: string, goodsCode: string, now: Date): Promise<number> {
  const repo = createMembershipsRepo(tx);
  if (!(await repo.lockUser(userId))) throw new AppError(Code.userNotFound);
  return (await repo.endAll(userId, goodsCode, now)).length;
}

/** The membership of one goods code as vipInfo: its live span and the goods it is for. */
export async function vipInfoOf(tx: Tx, userId: string, goodsCode: string, now: Date): Promise<TVipInfo | null> {
  const repo = createMembershipsRepo(tx);
  const span = await repo.liveSpan(userId, goodsCode, now);
  const g = await createProductsRepo(tx).findGoods(goodsCode);
  if (!span || !g) return null;
  return {
    goodsCode,
    name: g.name,
    accountType: g.accountType as TAccountType,
    startTime: iso(span.start),
    endTime: iso(span.end),
  };
}
