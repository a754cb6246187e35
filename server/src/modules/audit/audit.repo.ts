import { and, desc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { byDay, countAll, type DayPeriod, dayOf, inPeriod } from '../../db/per-day.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditEvent = {
  event: string;
  userId?: string | null;
  ip?: string | null;
  requestId?: string | null;
  /** The browser or client of a sign-in (docs/decisions/0045-sign-in-history.md). */
  userAgent?: string | null;
  clientType?: string | null;
  /** Never secrets: no passwords, codes, tokens or keys. */
  detail?: Record<string, unknown>;
};

export type AuditRow = typeof auditLog.$inferSelect;

/** At most this many rows of an account's activity are read (90 days of a busy account). */
export const ACTIVITY_ROW_LIMIT = 500;

export function createAuditRepo(db: DbOrTx) {
  return {
    /** Rows of one event in the period, per day (audit_log_failed_login_idx for `login.failed`). */
    eventsPerDay(event: string, p: DayPeriod) {
      return db
        .select({ day: dayOf(auditLog.at, p), count: countAll })
        .from(auditLog)
        .where(and(eq(auditLog.event, event), inPeriod(auditLog.at, p)))
        .groupBy(byDay)
        .orderBy(byDay);
    },
    async record(e: AuditEvent) {
      await db.insert(auditLog).values({
        event: e.event,
        userId: e.userId ?? null,
        ip: e.ip ?? null,
        requestId: e.requestId ?? null,
        userAgent: e.userAgent?.slice(0, 512) ?? null,
        clientType: e.clientType ?? null,
        detail: e.detail ?? null,
      });
    },
    async scrubIp(userId: string) {
      await db.update(auditLog).set({ ip: null, userAgent: null }).where(eq(auditLog.userId, userId));
    },
    /** The user's rows of these events since `since`, newest first. */
    eventsOf(userId: string, events: readonly string[], since: Date, limit = ACTIVITY_ROW_LIMIT) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, userId), inArray(auditLog.event, [...events]), gte(auditLog.at, since)))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },
    /** One row of the user's, of these events, since `since`. */
    async findOwn(userId: string, id: number, events: readonly string[], since: Date) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.id, id),
            eq(auditLog.userId, userId),
            inArray(auditLog.event, [...events]),
            gte(auditLog.at, since),
          ),
        );
      return rows[0] ?? null;
    },
    /** Deletes the rows of these events older than `before`; returns how many went. */
    async purge(events: readonly string[], before: Date) {
      const gone = await db
        .delete(auditLog)
        .where(and(lt(auditLog.at, before), inArray(auditLog.event, [...events]), isNotNull(auditLog.event)))
        .returning({ id: auditLog.id });
      return gone.length;
    },
  };
}
