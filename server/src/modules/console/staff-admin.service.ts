/**
 * Staff accounts from the console (admin, docs/operations.md#staff): the list, a new account with
 * its first password (its first sign-in sets up an authenticator app, as after `staff create`),
 * another role, disable and enable, a second factor reset, the end of its sessions. Through the
 * staff service the command line uses; each change in one transaction with its audit row.
 */
import type { TConsoleStaff } from '@ac/protocol/console/admin-shapes';
import type { TStaffRole } from '@ac/protocol/console/staff';
import { iso } from '../../lib/time.ts';
import type { StaffRow, StaffService } from '../staff/staff.service.ts';
import type { StaffActor } from '../staff-audit/staff-audit.service.ts';
import type { ConsoleSessions } from './console-session.service.ts';
import type { SecondFactor } from './second-factor.ts';

type Deps = {
  staff: Pick<StaffService, 'page' | 'create' | 'setRole' | 'setDisabled' | 'endSessions'>;
  consoleSessions: Pick<ConsoleSessions, 'resetSecondFactor'>;
  secondFactor: Pick<SecondFactor, 'isEnrolled'>;
};

export function createStaffAdmin(d: Deps) {
  const rowOf = async (s: StaffRow, liveSessions: number): Promise<TConsoleStaff> => ({
    id: s.id,
    email: s.email,
    name: s.name,
    role: s.role,
    disabled: s.disabled,
    secondFactor: await d.secondFactor.isEnrolled(s.id),
    liveSessions,
    createdAt: iso(s.createdAt),
  });
  /** The account as the list shows it, after a change. */
  const answer = async (id: string) => {
    const { rows } = await d.staff.page({ id, offset: 0, limit: 1 });
    const found = rows[0]!;
    return { staff: await rowOf(found.staff, found.liveSessions) };
  };

  return {
    async list(p: { query?: string; pageNo: number; pageSize: number }) {
      const { rows, total } = await d.staff.page({
        query: p.query,
        offset: (p.pageNo - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return {
        rows: await Promise.all(rows.map((r) => rowOf(r.staff, r.liveSessions))),
        total,
        pageNo: p.pageNo,
        pageSize: p.pageSize,
      };
    },
    async create(
      actor: StaffActor,
      p: { email: string; name: string; role: TStaffRole; password: string; reason: string },
    ) {
      const row = await d.staff.create(actor, p);
      return answer(row.id);
    },
    async setRole(actor: StaffActor, p: { staffId: string; role: TStaffRole; reason: string }) {
      await d.staff.setRole(actor, { id: p.staffId }, p.role, p.reason);
      return answer(p.staffId);
    },
    async setDisabled(actor: StaffActor, p: { staffId: string; reason: string }, disabled: boolean) {
      await d.staff.setDisabled(actor, { id: p.staffId }, disabled, p.reason);
      return answer(p.staffId);
    },
    async resetSecondFactor(actor: StaffActor, p: { staffId: string; reason: string }) {
      await d.consoleSessions.resetSecondFactor(actor, { id: p.staffId }, p.reason);
      return answer(p.staffId);
    },
    async endSessions(actor: StaffActor, p: { staffId: string; reason: string }) {
      const { sessionsEnded } = await d.staff.endSessions(actor, { id: p.staffId }, p.reason);
      return { sessionsEnded };
    },
  };
}
export type StaffAdmin = ReturnType<typeof createStaffAdmin>;
