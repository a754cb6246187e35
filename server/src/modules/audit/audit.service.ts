/**
 * The security log (docs/protocol.md#security-rules): services record what happened, inside their
 * own transaction when they pass one. Never secrets in `detail`. The account's activity
 * (docs/decisions/0045-sign-in-history.md) reads its sign-ins and security events back.
 */
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DayPeriod } from '../../db/per-day.ts';
import { type AuditEvent, createAuditRepo } from './audit.repo.ts';

export type { AuditEvent, AuditRow } from './audit.repo.ts';
/** Where a request came from, as the log keeps it. */
export type Origin = { ip?: string; requestId?: string };

export function createAuditService(d: { db: Db }) {
  const repo = (tx?: DbOrTx) => createAuditRepo(tx ?? d.db);
  return {
    record: (e: AuditEvent, tx?: DbOrTx) => repo(tx).record(e),
    /** Rows of one event per day of the period (the console's dashboard: failed sign-ins). */
    eventsPerDay: (event: string, p: DayPeriod) => repo().eventsPerDay(event, p),
    /** Account deletion: the log keeps what happened, not where from. */
    scrubIp: (userId: string, tx?: DbOrTx) => repo(tx).scrubIp(userId),
    /** The user's rows of these events since `since`, newest first (at most 500). */
    eventsOf: (userId: string, events: readonly string[], since: Date) => repo().eventsOf(userId, events, since),
    findOwn: (userId: string, id: number, events: readonly string[], since: Date) =>
      repo().findOwn(userId, id, events, since),
    /** Deletes the rows of these events older than `before` (the activity's 90 days). */
    purge: (events: readonly string[], before: Date) => repo().purge(events, before),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
