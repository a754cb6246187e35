/** Queries of the staff accounts and their sessions (tables `staff`, `staff_sessions`). */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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
    async endSessionsOf(staffId: string, at: Date) {
      await db
        .update(staffSessions)
        .set({ endedAt: at })
        .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)));
    },
  };
}
