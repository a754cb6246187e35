/** Queries of the staff accounts and their sessions (tables `staff`, `staff_sessions`). */
import { and, asc, count, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staff, staffSessions } from '../../db/schema/index.ts';

export type StaffRow = typeof staff.$inferSelect;
export type NewStaff = typeof staff.$inferInsert;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export function createStaffRepo(db: DbOrTx) {
  return {
    async insertStaff(row: NewStaff) {
      const [created] = await db.insert(staff).values(row).returning();
      return created!;
    },
    async findByEmail(email: string) {
      const rows = await db
        .select()
        .from(staff)
        .where(sql`lower(${staff.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return rows[0] ?? null;
    },
    async findById(id: string) {
      const rows = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
      return rows[0] ?? null;
    },
    list: () => db.select().from(staff).orderBy(asc(staff.email)),
    /** One page of accounts (email or name containing `query`), each with its live sessions. */
    async page(p: { query?: string; id?: string; offset: number; limit: number }, idleSince: Date, createdSince: Date) {
      const q = p.query?.trim();
      const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = p.id
        ? eq(staff.id, p.id)
        : pattern
          ? or(ilike(staff.email, pattern), ilike(staff.name, pattern))
          : undefined;
      const live = db
        .select({ staffId: staffSessions.staffId, n: count().as('n') })
        .from(staffSessions)
        .where(
          and(
            isNull(staffSessions.endedAt),
            gt(staffSessions.lastSeenAt, idleSince),
            gt(staffSessions.createdAt, createdSince),
          ),
        )
        .groupBy(staffSessions.staffId)
        .as('live');
      const [rows, [total]] = await Promise.all([
        db
          .select({ staff, liveSessions: sql<number>`coalesce(${live.n}, 0)::int` })
          .from(staff)
          .leftJoin(live, eq(live.staffId, staff.id))
          .where(where)
          .orderBy(asc(staff.email))
          .offset(p.offset)
          .limit(p.limit),
        db.select({ n: count() }).from(staff).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async lockById(id: string) {
      const rows = await db.select().from(staff).where(eq(staff.id, id)).for('update');
      return rows[0] ?? null;
    },
    /** The enabled administrators, locked in id order until the end of the transaction. */
    lockEnabledAdmins: () =>
      db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.role, 'admin'), eq(staff.disabled, false)))
        .orderBy(asc(staff.id))
        .for('update'),
    async setRole(id: string, role: StaffRow['role'], at: Date) {
      await db.update(staff).set({ role, updatedAt: at }).where(eq(staff.id, id));
    },
    async setDisabled(id: string, disabled: boolean, at: Date) {
      await db.update(staff).set({ disabled, updatedAt: at }).where(eq(staff.id, id));
    },
    async insertSession(row: typeof staffSessions.$inferInsert) {
      const [created] = await db.insert(staffSessions).values(row).returning();
      return created!;
    },
    async findSessionByTokenHash(tokenHash: string) {
      const rows = await db
        .select({ session: staffSessions, staff })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(eq(staffSessions.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },
    async touchSession(id: string, at: Date) {
      await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
    },
    async completeSecondFactor(id: string, at: Date) {
      await db
        .update(staffSessions)
        .set({ secondFactorAt: at, lastSeenAt: at })
        .where(and(eq(staffSessions.id, id), isNull(staffSessions.endedAt)));
    },
    async endSession(id: string, at: Date) {
      await db
        .update(staffSessions)
        .set({ endedAt: at })
        .where(and(eq(staffSessions.id, id), isNull(staffSessions.endedAt)));
    },
    /** Ends the account's sessions not yet ended; how many. */
    async endSessionsOf(staffId: string, at: Date) {
      const ended = await db
        .update(staffSessions)
        .set({ endedAt: at })
        .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)))
        .returning({ id: staffSessions.id });
      return ended.length;
    },
  };
}
