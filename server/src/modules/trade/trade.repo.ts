/** Every query of the trade tables (the trade module owns them). */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, lte, ne, notLike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tradeCashAccounts, tradeEducations, tradeJobs, tradeProfiles } from '../../db/schema/index.ts';

export type TradeProfileRow = typeof tradeProfiles.$inferSelect;
type ProfilePatch = Partial<Omit<typeof tradeProfiles.$inferInsert, 'userId'>>;
type NewEducation = typeof tradeEducations.$inferInsert;
type NewJob = typeof tradeJobs.$inferInsert;
type NewCashAccount = typeof tradeCashAccounts.$inferInsert;

export function createTradeRepo(db: DbOrTx) {
  return {
    async findProfile(userId: string) {
      const rows = await db.select().from(tradeProfiles).where(eq(tradeProfiles.userId, userId)).limit(1);
      return rows[0] ?? null;
    },
    /** The user's profile row, locked until the transaction ends (created when missing). */
    async lockProfile(userId: string, at: Date) {
      await db.insert(tradeProfiles).values({ userId, updatedAt: at }).onConflictDoNothing();
      const rows = await db.select().from(tradeProfiles).where(eq(tradeProfiles.userId, userId)).for('update');
      return rows[0]!;
    },
    async updateProfile(userId: string, patch: ProfilePatch, at: Date) {
      await db
        .insert(tradeProfiles)
        .values({ userId, ...patch, updatedAt: at })
        .onConflictDoUpdate({ target: tradeProfiles.userId, set: { ...patch, updatedAt: at } });
    },
    /**
     * Takes one check of the cash password, in one statement, before it is checked: the attempt's
     * number in the row of failures (1 … `max`), or null while the check is locked or `max`
     * attempts are already counted (in flight or failed), so a parallel burst cannot check more.
     * A full count older than `staleBefore` (its checks long over without a lock: a process died
     * between counting and locking) starts again at 1.
     */
    async takeCashAttempt(userId: string, at: Date, max: number, staleBefore: Date) {
      const stale = and(gte(tradeProfiles.cashFailures, max), lte(tradeProfiles.updatedAt, staleBefore));
      const [row] = await db
        .update(tradeProfiles)
        .set({
          cashFailures: sql`case when ${stale} then 1 else ${tradeProfiles.cashFailures} + 1 end`,
          updatedAt: at,
        })
        .where(
          and(
            eq(tradeProfiles.userId, userId),
            or(lt(tradeProfiles.cashFailures, max), stale),
            or(isNull(tradeProfiles.cashLockedUntil), lte(tradeProfiles.cashLockedUntil, at)),
          ),
        )
        .returning({ failures: tradeProfiles.cashFailures });
      return row?.failures ?? null;
    },

    /**
     * Takes one real-name verification of `day`, in one statement, before the provider is asked:
     * the attempt's number that day (1 … `max`), or null once `max` are counted or the identity is
     * verified, so a parallel burst cannot ask the provider more than `max` times.
     */
    async takeIdentityAttempt(userId: string, day: string, max: number, at: Date) {
      await db.insert(tradeProfiles).values({ userId, updatedAt: at }).onConflictDoNothing();
      const sameDay = eq(tradeProfiles.identityAttemptsDay, day);
      const [row] = await db
        .update(tradeProfiles)
        .set({
          identityAttempts: sql`case when ${sameDay} then ${tradeProfiles.identityAttempts} + 1 else 1 end`,
          identityAttemptsDay: day,
          updatedAt: at,
        })
        .where(
          and(
            eq(tradeProfiles.userId, userId),
            isNull(tradeProfiles.identityVerifiedAt),
            or(
              isNull(tradeProfiles.identityAttemptsDay),
              ne(tradeProfiles.identityAttemptsDay, day),
              lt(tradeProfiles.identityAttempts, max),
            ),
          ),
        )
        .returning({ attempts: tradeProfiles.identityAttempts });
      return row?.attempts ?? null;
    },
    /** Gives back an attempt of `day` the provider never answered. */
    async returnIdentityAttempt(userId: string, day: string) {
      await db
        .update(tradeProfiles)
        .set({ identityAttempts: sql`greatest(${tradeProfiles.identityAttempts} - 1, 0)` })
        .where(and(eq(tradeProfiles.userId, userId), eq(tradeProfiles.identityAttemptsDay, day)));
    },

    educations: (userId: string) =>
      db
        .select()
        .from(tradeEducations)
        .where(eq(tradeEducations.userId, userId))
        .orderBy(desc(tradeEducations.graduationYear), asc(tradeEducations.createdAt)),
    async countEducations(userId: string) {
      const [row] = await db.select({ n: count() }).from(tradeEducations).where(eq(tradeEducations.userId, userId));
      return row?.n ?? 0;
    },
    async insertEducation(row: NewEducation) {
      const [created] = await db.insert(tradeEducations).values(row).returning();
      return created!;
    },
    async deleteEducation(userId: string, id: string) {
      const rows = await db
        .delete(tradeEducations)
        .where(and(eq(tradeEducations.id, id), eq(tradeEducations.userId, userId)))
        .returning({ id: tradeEducations.id });
      return rows.length === 1;
    },

    jobs: (userId: string) =>
      db
        .select()
        .from(tradeJobs)
        .where(eq(tradeJobs.userId, userId))
        .orderBy(desc(tradeJobs.startYear), asc(tradeJobs.createdAt)),
    async countJobs(userId: string) {
      const [row] = await db.select({ n: count() }).from(tradeJobs).where(eq(tradeJobs.userId, userId));
      return row?.n ?? 0;
    },
    async insertJob(row: NewJob) {
      const [created] = await db.insert(tradeJobs).values(row).returning();
      return created!;
    },
    async deleteJob(userId: string, id: string) {
      const rows = await db
        .delete(tradeJobs)
        .where(and(eq(tradeJobs.id, id), eq(tradeJobs.userId, userId)))
        .returning({ id: tradeJobs.id });
      return rows.length === 1;
    },

    cashAccounts: (userId: string) =>
      db
        .select()
        .from(tradeCashAccounts)
        .where(eq(tradeCashAccounts.userId, userId))
        .orderBy(desc(tradeCashAccounts.isDefault), desc(tradeCashAccounts.createdAt)),
    async countCashAccounts(userId: string) {
      const [row] = await db.select({ n: count() }).from(tradeCashAccounts).where(eq(tradeCashAccounts.userId, userId));
      return row?.n ?? 0;
    },
    async insertCashAccount(row: NewCashAccount) {
      const [created] = await db.insert(tradeCashAccounts).values(row).returning();
      return created!;
    },
    /** The deleted row's default flag, or null when the user has no such account. */
    async deleteCashAccount(userId: string, id: string) {
      const rows = await db
        .delete(tradeCashAccounts)
        .where(and(eq(tradeCashAccounts.id, id), eq(tradeCashAccounts.userId, userId)))
        .returning({ isDefault: tradeCashAccounts.isDefault });
      return rows[0] ?? null;
    },
    async clearDefault(userId: string) {
      await db
        .update(tradeCashAccounts)
        .set({ isDefault: false })
        .where(and(eq(tradeCashAccounts.userId, userId), eq(tradeCashAccounts.isDefault, true)));
    },
    async setDefault(userId: string, id: string) {
      const rows = await db
        .update(tradeCashAccounts)
        .set({ isDefault: true })
        .where(and(eq(tradeCashAccounts.id, id), eq(tradeCashAccounts.userId, userId)))
        .returning({ id: tradeCashAccounts.id });
      return rows.length === 1;
    },
    async newestCashAccount(userId: string) {
      const rows = await db
        .select({ id: tradeCashAccounts.id })
        .from(tradeCashAccounts)
        .where(eq(tradeCashAccounts.userId, userId))
        .orderBy(desc(tradeCashAccounts.createdAt))
        .limit(1);
      return rows[0]?.id ?? null;
    },
    async cashAccountExists(userId: string, id: string) {
      const rows = await db
        .select({ id: tradeCashAccounts.id })
        .from(tradeCashAccounts)
        .where(and(eq(tradeCashAccounts.id, id), eq(tradeCashAccounts.userId, userId)))
        .limit(1);
      return rows.length === 1;
    },
    /**
     * Up to `limit` profiles with an encrypted field not written under the key of `prefix`
     * (`v2.<key id>.`), locked for this transaction; rows another re-encryption holds are skipped.
     */
    async profilesNotUnder(prefix: string, limit: number) {
      const stale = (c: typeof tradeProfiles.realNameEnc | typeof tradeProfiles.idNumberEnc) =>
        and(isNotNull(c), notLike(c, `${prefix}%`));
      return db
        .select({
          userId: tradeProfiles.userId,
          realNameEnc: tradeProfiles.realNameEnc,
          idNumberEnc: tradeProfiles.idNumberEnc,
        })
        .from(tradeProfiles)
        .where(or(stale(tradeProfiles.realNameEnc), stale(tradeProfiles.idNumberEnc)))
        .orderBy(asc(tradeProfiles.userId))
        .limit(limit)
        .for('update', { skipLocked: true });
    },
    async setProfileCiphers(userId: string, fields: { realNameEnc: string | null; idNumberEnc: string | null }) {
      await db.update(tradeProfiles).set(fields).where(eq(tradeProfiles.userId, userId));
    },
    /** Up to `limit` cash accounts whose number is not written under the key of `prefix`, locked (skip locked). */
    async cashAccountsNotUnder(prefix: string, limit: number) {
      return db
        .select({
          id: tradeCashAccounts.id,
          userId: tradeCashAccounts.userId,
          accountEnc: tradeCashAccounts.accountEnc,
        })
        .from(tradeCashAccounts)
        .where(notLike(tradeCashAccounts.accountEnc, `${prefix}%`))
        .orderBy(asc(tradeCashAccounts.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },
    async setCashAccountCipher(id: string, accountEnc: string) {
      await db.update(tradeCashAccounts).set({ accountEnc }).where(eq(tradeCashAccounts.id, id));
    },
    /** Account deletion: every trade row of the user goes. */
    async deleteAll(userId: string) {
      await db.delete(tradeCashAccounts).where(eq(tradeCashAccounts.userId, userId));
      await db.delete(tradeEducations).where(eq(tradeEducations.userId, userId));
      await db.delete(tradeJobs).where(eq(tradeJobs.userId, userId));
      await db.delete(tradeProfiles).where(eq(tradeProfiles.userId, userId));
    },
  };
}
export type TradeRepo = ReturnType<typeof createTradeRepo>;
