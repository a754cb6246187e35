/**
 * The `total` of a list (docs/protocol.md "Lists"): counted in the list's own
 * order, so through the same index, and only up to the current page plus
 * LIST_COUNT_AHEAD rows, so a list answers as fast for an account with a
 * million rows as for one with a thousand. Past that bound `total` says
 * "at least this many", and grows as the pages go further.
 */
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

export const LIST_COUNT_AHEAD = 1000;

export async function boundedTotal(
  db: DbOrTx,
  q: { table: PgTable; where: SQL | undefined; orderBy: (SQL | PgColumn)[]; offset: number },
): Promise<number> {
  const rows = db
    .select({ one: sql`1` })
    .from(q.table as never)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.offset + LIST_COUNT_AHEAD)
    .as('bounded');
  const [row] = await db.select({ n: count() }).from(rows);
  return row?.n ?? 0;
}

/**
 * A page and its list's total: the page is read first, and the total is only
 * counted when the page cannot tell it (a full page, or an empty one past the
 * first): a short page is the end of the list.
 */
export async function pageWithTotal<R>(
  page: { offset: number; limit: number },
  rows: PromiseLike<R[]>,
  total: () => Promise<number>,
): Promise<{ rows: R[]; total: number }> {
  const found = await rows;
  if (found.length < page.limit && (found.length > 0 || page.offset === 0)) {
    return { rows: found, total: page.offset + found.length };
  }
  return { rows: found, total: await total() };
}
