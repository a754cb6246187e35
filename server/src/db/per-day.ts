/**
 * Counting rows per calendar day of a period (the console's dashboard,
 * docs/operations.md#dashboard): the period's days are taken in an IANA time
 * zone, the rows are found by a range on the time column (its index), and
 * grouped by their day in that zone. Select the day first: the queries group
 * by position (`group by 1`), since the zone is a parameter PostgreSQL would
 * not take for the same expression twice.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** From the first day to the last, both included, `YYYY-MM-DD`, in `timeZone`. */
export type DayPeriod = { from: string; to: string; timeZone: string };

/** The column's calendar day in the period's zone, `YYYY-MM-DD`. */
export const dayOf = (column: PgColumn, p: DayPeriod) =>
  sql<string>`to_char(${column} at time zone ${p.timeZone}, 'YYYY-MM-DD')`;

/** The column falls in the period: from the first day's midnight to the midnight after the last. */
export const inPeriod = (column: PgColumn, p: DayPeriod): SQL =>
  sql`(${column} >= (${p.from}::date)::timestamp at time zone ${p.timeZone} and ${column} < ((${p.to}::date) + 1)::timestamp at time zone ${p.timeZone})`;

/** `count(*)` as a number (PostgreSQL answers a bigint as text). */
export const countAll = sql<number>`count(*)::int`;

/** Group by the first selected column (the day). */
export const byDay = sql`1`;
