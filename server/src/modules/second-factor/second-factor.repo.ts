import { and, count, eq, gt, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  recoveryCodes,
  secondFactors,
  secondFactorThrottle,
  secondStepTickets,
  trustedBrowsers,
  webauthnChallenges,
} from '../../db/schema/index.ts';
import type { Subject } from './subject.ts';

/** How the failure counter of a subject locks (the rule of login throttling). */
export type AttemptRule = { free: number; decayMs: number; firstDelayMs: number; maxDelayMs: number };

type SubjectTable = typeof secondFactors | typeof recoveryCodes | typeof secondStepTickets | typeof trustedBrowsers;
const of = (table: SubjectTable, s: Subject): SQL =>
  and(eq(table.subjectKind, s.kind), eq(table.subjectId, s.id)) as SQL;

export function createSecondFactorRepo(db: DbOrTx) {
  return {
    async findTotp(s: Subject) {
      const rows = await db
        .select()
        .from(secondFactors)
        .where(and(of(secondFactors, s), eq(secondFactors.kind, 'totp')))
        .limit(1);
      return rows[0] ?? null;
    },
    /** The subject's TOTP row, locked for the transaction. */
    async lockTotp(s: Subject) {
      const rows = await db
        .select()
        .from(secondFactors)
        .where(and(of(secondFactors, s), eq(secondFactors.kind, 'totp')))
        .for('update');
      return rows[0] ?? null;
    },
    /** Replaces an unconfirmed TOTP set-up with a new secret (a confirmed one stays: false). */
    async putPendingTotp(s: Subject, secretEncrypted: string, at: Date) {
      const rows = await db
        .insert(secondFactors)
        .values({ subjectKind: s.kind, subjectId: s.id, kind: 'totp', secretEncrypted, createdAt: at })
        .onConflictDoUpdate({
          target: [secondFactors.subjectKind, secondFactors.subjectId],
          targetWhere: sql`${secondFactors.kind} = 'totp'`,
          set: { secretEncrypted, createdAt: at, lastUsedStep: null },
          setWhere: isNull(secondFactors.confirmedAt),
        })
        .returning({ id: secondFactors.id });
      return rows.length > 0;
    },
    async confirmTotp(id: string, step: number, at: Date) {
      await db.update(secondFactors).set({ confirmedAt: at, lastUsedStep: step }).where(eq(secondFactors.id, id));
    },
    /** Records the step used, only when later than the last one (parallel uses of one code: one wins). */
    async useStep(id: string, step: number) {
      const rows = await db
        .update(secondFactors)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(secondFactors.id, id),
            sql`(${secondFactors.lastUsedStep} is null or ${secondFactors.lastUsedStep} < ${step})`,
          ),
        )
        .returning({ id: secondFactors.id });
      return rows.length > 0;
    },
    async confirmedAt(s: Subject) {
      const rows = await db
        .select({ confirmedAt: secondFactors.confirmedAt })
        .from(secondFactors)
        .where(and(of(secondFactors, s), eq(secondFactors.kind, 'totp'), isNotNull(secondFactors.confirmedAt)))
        .orderBy(secondFactors.confirmedAt)
        .limit(1);
      return rows[0]?.confirmedAt ?? null;
    },
    async replaceRecoveryCodes(s: Subject, hashes: string[], at: Date) {
      await db.delete(recoveryCodes).where(of(recoveryCodes, s));
      await db
        .insert(recoveryCodes)
        .values(hashes.map((codeHash) => ({ subjectKind: s.kind, subjectId: s.id, codeHash, createdAt: at })));
    },
    /** Uses a recovery code once, in one statement; false when unknown or used. */
    async useRecoveryCode(s: Subject, codeHash: string, at: Date) {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: at })
        .where(and(of(recoveryCodes, s), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },
    async recoveryCodesLeft(s: Subject) {
      const [row] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(of(recoveryCodes, s), isNull(recoveryCodes.usedAt)));
      return row?.n ?? 0;
    },
    async insertTicket(row: typeof secondStepTickets.$inferInsert) {
      await db.insert(secondStepTickets).values(row);
    },
    async deleteTicketsExpiredBefore(at: Date) {
      await db.delete(secondStepTickets).where(lt(secondStepTickets.expiresAt, at));
    },
    /** A live ticket, locked for the transaction; null when unknown, used or expired. */
    async lockLiveTicket(tokenHash: string, at: Date) {
      const rows = await db
        .select()
        .from(secondStepTickets)
        .where(
          and(
            eq(secondStepTickets.tokenHash, tokenHash),
            isNull(secondStepTickets.usedAt),
            gt(secondStepTickets.expiresAt, at),
          ),
        )
        .for('update');
      return rows[0] ?? null;
    },
    async findLiveTicket(tokenHash: string, at: Date) {
      const rows = await db
        .select()
        .from(secondStepTickets)
        .where(
          and(
            eq(secondStepTickets.tokenHash, tokenHash),
            isNull(secondStepTickets.usedAt),
            gt(secondStepTickets.expiresAt, at),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    async useTicket(tokenHash: string, at: Date) {
      await db.update(secondStepTickets).set({ usedAt: at }).where(eq(secondStepTickets.tokenHash, tokenHash));
    },
    async insertTrustedBrowser(row: typeof trustedBrowsers.$inferInsert) {
      await db.insert(trustedBrowsers).values(row);
    },
    async deleteTrustedBrowsersExpiredBefore(at: Date) {
      await db.delete(trustedBrowsers).where(lt(trustedBrowsers.expiresAt, at));
    },
    async isTrustedBrowser(s: Subject, tokenHash: string, at: Date) {
      const rows = await db
        .select({ tokenHash: trustedBrowsers.tokenHash })
        .from(trustedBrowsers)
        .where(and(of(trustedBrowsers, s), eq(trustedBrowsers.tokenHash, tokenHash), gt(trustedBrowsers.expiresAt, at)))
        .limit(1);
      return rows.length > 0;
    },
    async deleteTrustedBrowsers(s: Subject) {
      await db.delete(trustedBrowsers).where(of(trustedBrowsers, s));
    },
    /**
     * Two-step verification off: the authenticator app, codes, tickets and
     * trusted browsers of the subject; passkeys stay (docs/decisions/0047-passkeys.md).
     */
    async deleteTwoStep(s: Subject) {
      await db.delete(secondFactors).where(and(of(secondFactors, s), eq(secondFactors.kind, 'totp')));
      await db.delete(recoveryCodes).where(of(recoveryCodes, s));
      await db.delete(secondStepTickets).where(of(secondStepTickets, s));
      await db.delete(trustedBrowsers).where(of(trustedBrowsers, s));
    },
    /** Every factor (passkeys too), code, ticket, challenge and trusted browser of the subject. */
    async deleteAll(s: Subject) {
      await db.delete(secondFactors).where(of(secondFactors, s));
      await db
        .delete(webauthnChallenges)
        .where(and(eq(webauthnChallenges.subjectKind, s.kind), eq(webauthnChallenges.subjectId, s.id)));
      await db.delete(recoveryCodes).where(of(recoveryCodes, s));
      await db.delete(secondStepTickets).where(of(secondStepTickets, s));
      await db.delete(trustedBrowsers).where(of(trustedBrowsers, s));
      await db
        .delete(secondFactorThrottle)
        .where(and(eq(secondFactorThrottle.subjectKind, s.kind), eq(secondFactorThrottle.subjectId, s.id)));
    },
    /**
     * Counts one attempt as a failure BEFORE the factor is checked, in one
     * conditional statement (as session.repo's countAttempt does for logins),
     * so parallel guesses cannot slip past a lock together: null while locked
     * (nothing counted); else the new count, restarting at 1 once the last
     * failure and the lock's end are `decayMs` old; from `free + 1` on the
     * subject is locked for `firstDelayMs · 2^(count − free − 1)`, at most `maxDelayMs`.
     */
    async countAttempt(s: Subject, at: Date, rule: AttemptRule): Promise<number | null> {
      const t = secondFactorThrottle;
      const now = sql`${at.toISOString()}::timestamptz`;
      const decayed = sql`${new Date(at.getTime() - rule.decayMs).toISOString()}::timestamptz`;
      const next = sql`(case when ${t.updatedAt} < ${decayed} and coalesce(${t.lockedUntil}, ${decayed}) <= ${decayed} then 1 else ${t.failures} + 1 end)`;
      const delayMs = sql`least(${rule.firstDelayMs}::float8 * power(2, ${next} - ${rule.free} - 1), ${rule.maxDelayMs}::float8)`;
      const [row] = await db
        .insert(t)
        .values({ subjectKind: s.kind, subjectId: s.id, failures: 1, updatedAt: at })
        .onConflictDoUpdate({
          target: [t.subjectKind, t.subjectId],
          set: {
            failures: next,
            updatedAt: at,
            lockedUntil: sql`case when ${next} > ${rule.free} then ${now} + make_interval(secs => ${delayMs} / 1000) else null end`,
          },
          setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${now}`,
        })
        .returning({ failures: t.failures });
      return row?.failures ?? null;
    },
    async lockedUntil(s: Subject) {
      const t = secondFactorThrottle;
      const rows = await db
        .select({ lockedUntil: t.lockedUntil })
        .from(t)
        .where(and(eq(t.subjectKind, s.kind), eq(t.subjectId, s.id)))
        .limit(1);
      return rows[0]?.lockedUntil ?? null;
    },
    async clearAttempts(s: Subject) {
      const t = secondFactorThrottle;
      await db.delete(t).where(and(eq(t.subjectKind, s.kind), eq(t.subjectId, s.id)));
    },
  };
}
export type SecondFactorRepo = ReturnType<typeof createSecondFactorRepo>;
