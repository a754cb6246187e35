/**
 * The staff audit (docs/decisions/0038-operator-console.md): who (staff, role), did what
 * (action), to what (target), why (reason), the state before and after, from where (IP), when.
 * Written in the transaction of the change it records, so a change never lacks its row and a
 * failed one leaves none; the table refuses UPDATE and DELETE (a trigger). Apart from the
 * members' security log (modules/audit), which account deletion scrubs.
 */
import type { TStaffRole } from '@ac/protocol/console/staff';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createStaffAuditRepo, type StaffAuditFilter, type StaffAuditRow } from './staff-audit.repo.ts';

export type { StaffAuditFilter, StaffAuditRow } from './staff-audit.repo.ts';

/** Who acted: a staff member, or the command line (a fixed actor). */
export type StaffActor = { staffId: string; email: string; role: TStaffRole; ip?: string | null };
/** The actor of `npm run admin -- staff …`: no staff account, the server's own shell. */
export const COMMAND_LINE_ACTOR: StaffActor = {
  staffId: '00000000-0000-0000-0000-000000000000',
  email: 'command-line',
  role: 'admin',
};

export type StaffAuditEntry = {
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

export function createStaffAuditService(d: { db: Db }) {
  const repo = (tx?: DbOrTx) => createStaffAuditRepo(tx ?? d.db);
  return {
    /** Records one action; pass the change's transaction. */
    record: (actor: StaffActor, e: StaffAuditEntry, tx: DbOrTx) =>
      repo(tx).insert({
        staffId: actor.staffId,
        staffEmail: actor.email,
        role: actor.role,
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId,
        reason: e.reason ?? null,
        before: e.before ?? null,
        after: e.after ?? null,
        ip: actor.ip ?? null,
      }),
    list: (
      f: StaffAuditFilter,
      page: { offset: number; limit: number },
    ): Promise<{ rows: StaffAuditRow[]; total: number }> => repo().list(f, page),
  };
}
export type StaffAuditService = ReturnType<typeof createStaffAuditService>;
