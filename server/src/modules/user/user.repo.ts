/** Every query of the users table (the user module owns it; other modules ask the user service). */

import { normalizeMobile } from '@ac/protocol/common';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { boundedTotal, pageWithTotal } from '../../db/bounded-count.ts';
import type { DbOrTx } from '../../db/client.ts';
import { byDay, countAll, type DayPeriod, dayOf, inPeriod } from '../../db/per-day.ts';
import { users } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;
/** What a profile (or trade details) update may change. */
export type UserPatch = Partial<
  Pick<
    NewUser,
    | 'nickName'
    | 'location'
    | 'company'
    | 'position'
    | 'email'
    | 'mobile'
    | 'sex'
    | 'marketingConsent'
    | 'marketingConsentAt'
  >
>;

/** What became of one storage usage report. */
export type StorageRecord = 'recorded' | 'stale' | 'unknown';
/** What the console's user search looks for: account ids found elsewhere, an exact email or mobile, a text. */
export type UserSearch = { ids: string[]; email: string | null; mobile: string | null; text: string };

/** The shortest part of an email, nickname, name or company the search looks for (a trigram). */
export const USER_SEARCH_MIN_PART = 3;

const live = (id: string) => and(eq(users.id, id), isNull(users.deletedAt));

export function createUserRepo(db: DbOrTx) {
  return {
    /** Accounts registered in the period, per day, deleted ones included (users_register_idx). */
    signUpsPerDay(p: DayPeriod) {
      return db
        .select({ day: dayOf(users.registerDate, p), count: countAll })
        .from(users)
        .where(inPeriod(users.registerDate, p))
        .groupBy(byDay)
        .orderBy(byDay);
    },
    async findLiveUser(id: string) {
      const rows = await db.select().from(users).where(live(id)).limit(1);
      return rows[0] ?? null;
    },
    /** The live user, locked until the surrounding transaction ends. */
    async lockLiveUser(id: string) {
      const rows = await db.select().from(users).where(live(id)).for('update');
      return rows[0] ?? null;
    },
    /** Locks the user's row, live or deleted, until the transaction ends; false when there is none. */
    async lockUser(id: string) {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
      return rows.length > 0;
    },
    /** The live account reached by an email or mobile (case-insensitive email). */
    async findUserByAccount(account: string) {
      const normalized = account.trim().toLowerCase();
      // `138…` and `+86138…` are one account
      const mobile = normalizeMobile(account) ?? account.trim();
      const rows = await db
        .select()
        .from(users)
        .where(and(isNull(users.deletedAt), sql`(${users.email} = ${normalized} or ${users.mobile} = ${mobile})`))
        .limit(1);
      return rows[0] ?? null;
    },
    async findLiveUserByEmail(email: string) {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deletedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Whether another live account uses this email or mobile. */
    async addressUsedByOther(column: 'email' | 'mobile', value: string, userId: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users[column], value), isNull(users.deletedAt), ne(users.id, userId)))
        .limit(1);
      return rows.length > 0;
    },
    async listUsers(page: { offset: number; limit: number }) {
      const where = isNull(users.deletedAt);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            mobile: users.mobile,
            isActivate: users.isActivate,
            registerDate: users.registerDate,
          })
          .from(users)
          .where(where)
          .orderBy(asc(users.registerDate), asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Blocks (`at`) or unblocks (null) a live account; the row before, or null when there is none. */
    async setBlocked(id: string, blockedAt: Date | null, at: Date) {
      const rows = await db
        .update(users)
        .set({ blockedAt, updateTime: at })
        .where(live(id))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /**
     * The console's user search: accounts among `ids`, the exact email or mobile, or a part (3
     * characters or more) of the email, nickname, name or company, found through the trigram
     * indexes (migration 0023); newest first, `total` bounded as every list's (docs/protocol.md).
     */
    async searchUsers(q: UserSearch, page: { offset: number; limit: number }) {
      const like = `%${q.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const part = q.text.length >= USER_SEARCH_MIN_PART;
      const where = and(
        isNull(users.deletedAt),
        or(
          q.ids.length ? inArray(users.id, q.ids) : undefined,
          q.email ? eq(users.email, q.email) : undefined,
          q.mobile ? eq(users.mobile, q.mobile) : undefined,
          part ? sql`${users.email} ilike ${like}` : undefined,
          part ? sql`${users.nickName} ilike ${like}` : undefined,
          part ? sql`${users.name} ilike ${like}` : undefined,
          part ? sql`${users.company} ilike ${like}` : undefined,
        ),
      );
      const orderBy = [desc(users.registerDate), desc(users.id)];
      return pageWithTotal(
        page,
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...orderBy)
          .limit(page.limit)
          .offset(page.offset),
        () => boundedTotal(db, { table: users, where, orderBy, offset: page.offset }),
      );
    },
    async insertUser(row: NewUser) {
      const [created] = await db.insert(users).values(row).returning({ id: users.id });
      return created!.id;
    },
    /** Activates a live account; false when there is none. */
    async activateUser(id: string, at: Date) {
      const rows = await db
        .update(users)
        .set({ isActivate: true, updateTime: at })
        .where(live(id))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** A new password of a live account (`activate`: the account is activated too); false when there is none. */
    async setPassword(id: string, passwordHash: string, at: Date, activate: boolean) {
      const rows = await db
        .update(users)
        .set(activate ? { passwordHash, isActivate: true, updateTime: at } : { passwordHash, updateTime: at })
        .where(live(id))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** The login time, and a rehashed password when the login upgraded it. */
    async recordLogin(id: string, at: Date, passwordHash?: string) {
      await db
        .update(users)
        .set(passwordHash ? { lastLoginTime: at, passwordHash } : { lastLoginTime: at })
        .where(eq(users.id, id));
    },
    async setFavicon(id: string, favicon: string, at: Date) {
      await db.update(users).set({ favicon, updateTime: at }).where(eq(users.id, id));
    },
    /**
     * The storage a live account uses, measured at `measuredAt`: kept only when it is newer than the
     * measure kept (a late or replayed report changes nothing). 'stale' or 'unknown' when not kept.
     */
    async recordStorageUsage(id: string, usedBytes: number, measuredAt: Date): Promise<StorageRecord> {
      const kept = await db
        .update(users)
        .set({ storageUsed: usedBytes, storageMeasuredAt: measuredAt })
        .where(
          and(
            live(id),
            sql`(${users.storageMeasuredAt} is null or ${users.storageMeasuredAt} < ${measuredAt.toISOString()})`,
          ),
        )
        .returning({ id: users.id });
      if (kept.length) return 'recorded';
      const exists = await db.select({ id: users.id }).from(users).where(live(id)).limit(1);
      return exists.length ? 'stale' : 'unknown';
    },
    async updateUser(id: string, patch: UserPatch, at: Date) {
      const [row] = await db
        .update(users)
        .set({ ...patch, updateTime: at })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },
    /** The row stays (orders may point at it) with nothing that names the person. */
    async anonymiseUser(id: string, at: Date) {
      await db
        .update(users)
        .set({
          name: '',
          nickName: '',
          email: null,
          mobile: null,
          passwordHash: null,
          favicon: null,
          location: null,
          company: null,
          position: null,
          sex: 0,
          score: 0,
          isActivate: false,
          storageUsed: 0,
          lastLoginTime: null,
          updateTime: at,
          deletedAt: at,
        })
        .where(eq(users.id, id));
    },
  };
}
export type UserRepo = ReturnType<typeof createUserRepo>;
export type UserRow = NonNullable<Awaited<ReturnType<UserRepo['findLiveUser']>>>;
