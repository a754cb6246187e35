/** Queries of the staff audit (table `staff_audit`): insert and read, never update or delete. */
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAudit } from '../../db/schema/index.ts';

export type NewStaffAuditRow = typeof staffAudit.$inferInsert;
export type StaffAuditRow = typeof staffAudit.$inferSelect;
export type StaffAuditFilter = {
  staffEmail?: string;
  action?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
};

function where(f: StaffAuditFilter): SQL | undefined {
  return and(
    f.staffEmail ? eq(staffAudit.staffEmail, f.staffEmail) : undefined,
    f.action ? eq(staffAudit.action, f.action) : undefined,
    f.targetId ? eq(staffAudit.targetId, f.targetId) : undefined,
    f.from ? gte(staffAudit.at, f.from) : undefined,
    f.to ? lt(staffAudit.at, f.to) : undefined,
  );
}

export function createStaffAuditRepo(db: DbOrTx) {
  return {
    async insert(row: NewStaffAuditRow) {
      await db.insert(staffAudit).values(row);
    },
    async list(f: StaffAuditFilter, page: { offset: number; limit: number }) {
      const rows = await db
        .select()
        .from(staffAudit)
        .where(where(f))
        .orderBy(desc(staffAudit.at), desc(staffAudit.id))
        .offset(page.offset)
        .limit(page.limit);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(staffAudit).where(where(f));
      return { rows, total: count?.n ?? 0 };
    },
  };
}
