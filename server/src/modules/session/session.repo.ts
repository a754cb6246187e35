import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authThrottle, devices, sessionHandovers, sessions } from '../../db/schema/index.ts';

type NewSession = typeof sessions.$inferInsert;
type NewHandover = typeof sessionHandovers.$inferInsert;
export type RevokeReason = NonNullable<typeof sessions.$inferSelect.revokeReason>;
/** Which live sessions of a user to end: all, these ids, those of a reported device; never `exceptId`. */
export type SessionTarget = { userId: string; ids?: string[]; reportedDeviceId?: string; exceptId?: string };

/** How a throttling key counts: free failures, decay, lock delays. */
export type ThrottleRule = { free: number; decayMs: number; firstDelayMs: number; maxDelayMs: number };

export function createSessionRepo(db: DbOrTx) {
  /** Ends the live sessions of `target` (the one place sessions end); returns the ids ended. */
  async function endSessions(target: SessionTarget, reason: RevokeReason, at: Date) {
    const conditions: SQL[] = [eq(sessions.userId, target.userId), isNull(sessions.revokedAt)];
    if (target.ids?.length === 0) return [];
    if (target.ids) conditions.push(inArray(sessions.id, target.ids));
    if (target.reportedDeviceId) conditions.push(eq(sessions.reportedDeviceId, target.reportedDeviceId));
    if (target.exceptId) conditions.push(ne(sessions.id, target.exceptId));
    const ended = await db
      .update(sessions)
      .set({ revokedAt: at, revokeReason: reason })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    return ended.map((r) => r.id);
  }

  return {
    async insertSession(row: NewSession) {
      const [created] = await db.insert(sessions).values(row).returning({ id: sessions.id });
      return created!;
    },
    async findSessionById(id: string) {
      const rows = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async insertHandover(row: NewHandover) {
      await db.insert(sessionHandovers).values(row);
    },
    async deleteHandoversExpiredBefore(at: Date) {
      await db.delete(sessionHandovers).where(lt(sessionHandovers.expiresAt, at));
    },
    /** Marks a live handover used, in one statement (single use), and returns it; null when unknown, used or expired. */
    async useHandover(codeHash: string, at: Date) {
      const [row] = await db
        .update(sessionHandovers)
        .set({ usedAt: at })
        .where(
          and(
            eq(sessionHandovers.codeHash, codeHash),
            isNull(sessionHandovers.usedAt),
            gt(sessionHandovers.expiresAt, at),
          ),
        )
        .returning();
      return row ?? null;
    },
    async touchSession(id: string, lastSeenAt: Date, expiresAt: Date) {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
    },
    endSessions,
    /** Ties a session to the device its client reported. */
    async setReportedDevice(id: string, deviceId: string) {
      await db.update(sessions).set({ reportedDeviceId: deviceId }).where(eq(sessions.id, id));
    },
    /** The user's live sessions at `at` (started after `startedAfter`), newest login first, with their device. */
    async liveSessions(userId: string, at: Date, startedAfter: Date, opts: { clientsOnly?: boolean } = {}) {
      const conditions: SQL[] = [
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
        gt(sessions.createdAt, startedAfter),
      ];
      if (opts.clientsOnly) conditions.push(isNotNull(sessions.reportedDeviceId));
      return db
        .select({
          id: sessions.id,
          clientType: sessions.clientType,
          clientVersion: sessions.clientVersion,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          deviceId: devices.id,
          deviceName: devices.name,
          deviceModel: devices.model,
        })
        .from(sessions)
        .leftJoin(devices, eq(devices.id, sessions.reportedDeviceId))
        .where(and(...conditions))
        .orderBy(desc(sessions.createdAt), asc(sessions.id));
    },
    async setSecondFactorAt(id: string, at: Date) {
      await db.update(sessions).set({ secondFactorAt: at }).where(eq(sessions.id, id));
    },
    async sessionSecondFactorAt(id: string) {
      const rows = await db.select({ at: sessions.secondFactorAt }).from(sessions).where(eq(sessions.id, id)).limit(1);
      return rows[0]?.at ?? null;
    },
    async sessionCreatedAt(id: string) {
      const rows = await db
        .select({ createdAt: sessions.createdAt })
        .from(sessions)
        .where(eq(sessions.id, id))
        .limit(1);
      return rows[0]?.createdAt ?? null;
    },
    /** Every session ends (reason `deleted`) and loses its IP, user agent and device id. */
    async endAndScrub(userId: string, at: Date) {
      await endSessions({ userId }, 'deleted', at);
      await db.update(sessions).set({ ip: null, userAgent: null, deviceId: null }).where(eq(sessions.userId, userId));
      await db.delete(sessionHandovers).where(eq(sessionHandovers.userId, userId));
    },
    async findThrottle(key: string) {
      const rows = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1);
      return rows[0] ?? null;
    },
    /**
     * Counts one attempt as a failure BEFORE its secret is checked, in one
     * conditional statement, so parallel attempts cannot slip past a lock
     * together: null while the key is locked (nothing counted); otherwise the
     * new count, which restarts at 1 once the last failure and the lock's end
     * are older than `decayMs`; from `free + 1` on, the key is locked for
     * `firstDelayMs · 2^(count − free − 1)`, at most `maxDelayMs`.
     */
    async countAttempt(key: string, at: Date, rule: ThrottleRule): Promise<number | null> {
      const now = sql`${at.toISOString()}::timestamptz`;
      const decayed = sql`${new Date(at.getTime() - rule.decayMs).toISOString()}::timestamptz`;
      const count = sql`(case when ${authThrottle.updatedAt} < ${decayed} and coalesce(${authThrottle.lockedUntil}, ${decayed}) <= ${decayed} then 1 else ${authThrottle.failures} + 1 end)`;
      const delayMs = sql`least(${rule.firstDelayMs}::float8 * power(2, ${count} - ${rule.free} - 1), ${rule.maxDelayMs}::float8)`;
      const [row] = await db
        .insert(authThrottle)
        .values({ key, failures: 1, updatedAt: at })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: count,
            updatedAt: at,
            lockedUntil: sql`case when ${count} > ${rule.free} then ${now} + make_interval(secs => ${delayMs} / 1000) else null end`,
          },
          setWhere: sql`${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} <= ${now}`,
        })
        .returning({ failures: authThrottle.failures });
      return row?.failures ?? null;
    },
    /** Takes back an attempt counted by countAttempt (it turned out not to be a failure). */
    async releaseAttempt(key: string) {
      await db
        .update(authThrottle)
        .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
        .where(eq(authThrottle.key, key));
    },
    async clearThrottle(key: string) {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
    /** Every counter of these accounts: the account keys and their per-IP keys (`<key>|ip:…`); answers those that went. */
    async clearAccountThrottles(accountKeys: string[]) {
      return db
        .delete(authThrottle)
        .where(
          or(
            inArray(authThrottle.key, accountKeys),
            ...accountKeys.map((k) => sql`starts_with(${authThrottle.key}, ${`${k}|`})`),
          ),
        )
        .returning({ key: authThrottle.key, lockedUntil: authThrottle.lockedUntil });
    },
    /** Counters idle since `idleBefore` whose lock (if any) ended by `now`; returns how many went. */
    async deleteIdleThrottles(idleBefore: Date, now: Date) {
      const gone = await db
        .delete(authThrottle)
        .where(
          and(
            lt(authThrottle.updatedAt, idleBefore),
            or(isNull(authThrottle.lockedUntil), lte(authThrottle.lockedUntil, now)),
          ),
        )
        .returning({ key: authThrottle.key });
      return gone.length;
    },
    async clearThrottles(keys: string[]) {
      await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
    },
  };
}
export type SessionRepo = ReturnType<typeof createSessionRepo>;
