import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';

export function createCodesRepo(db: DbOrTx) {
  return {
    /** Serialises sends to one target inside the current transaction. */
    async lockTarget(target: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${target}))`);
    },
    async latestSendTime(target: string) {
      const rows = await db
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(eq(verificationCodes.target, target))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return rows[0]?.createdAt ?? null;
    },
    async countSendsSince(target: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.target, target), gt(verificationCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    /** Serialises the sends abroad to one country calling code inside the current transaction. */
    async lockCallingCode(callingCode: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-abroad:${callingCode}`}))`);
    },
    async countAbroadSince(callingCode: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.abroadCallingCode, callingCode), gt(verificationCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    async countSendsFromIpSince(ip: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    async insertCode(row: typeof verificationCodes.$inferInsert) {
      await db.insert(verificationCodes).values(row);
    },
    async latestToTarget(target: string) {
      const rows = await db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.target, target))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    async latestCode(purpose: string, target: string) {
      const rows = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    /** One more wrong try, only while the code is still live; returns whether it counted. */
    async addAttempt(id: string, maxAttempts: number) {
      const rows = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, id),
            isNull(verificationCodes.usedAt),
            lt(verificationCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },
    /** Marks the code used; false when another request used it first. */
    async consume(id: string, at: Date, maxAttempts: number) {
      const rows = await db
        .update(verificationCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(verificationCodes.id, id),
            isNull(verificationCodes.usedAt),
            lt(verificationCodes.attempts, maxAttempts),
            gt(verificationCodes.expiresAt, at),
          ),
        )
        .returning({ id: verificationCodes.id });
      return rows.length === 1;
    },
    async deleteForTargets(targets: string[]) {
      await db.delete(verificationCodes).where(inArray(verificationCodes.target, targets));
    },
  };
}
export type CodesRepo = ReturnType<typeof createCodesRepo>;
