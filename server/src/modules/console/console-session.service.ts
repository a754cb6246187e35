/**
 * Staff sign-in in two steps (docs/decisions/0038-operator-console.md): the password opens a
 * session waiting for its second factor; `secondFactor` completes it through the SecondFactor
 * the app was given (second-factor.ts). Both steps are counted and locked like member logins
 * (session module's throttle: per account and address, and per account).
 */
import { Code } from '@ac/protocol/codes';
import type { TStaffMe } from '@ac/protocol/console/console-shapes';
import { ROLE_PERMISSIONS } from '@ac/protocol/console/staff';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionService } from '../session/session.service.ts';
import { csrfTokenOf, type StaffRow, type StaffService, type StaffSession } from '../staff/staff.service.ts';
import type { StaffAuditService } from '../staff-audit/staff-audit.service.ts';
import type { SecondFactor } from './second-factor.ts';

type Deps = {
  db: Db;
  staff: Pick<StaffService, 'checkPassword' | 'openSession' | 'completeSecondFactor' | 'endSession'>;
  sessions: Pick<SessionService, 'beginAttempt' | 'attemptSucceeded'>;
  staffAudit: Pick<StaffAuditService, 'record'>;
  /** The two-factor module's verifier; absent, the second step answers 2500008. */
  secondFactor: SecondFactor | undefined;
};

type Origin = { ip: string; userAgent?: string };

export function meOf(staff: StaffRow, token: string, complete: boolean): TStaffMe {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    permissions: [...ROLE_PERMISSIONS[staff.role]],
    stage: complete ? 'signedIn' : 'secondFactor',
    csrfToken: csrfTokenOf(token),
  };
}

export function createConsoleSessions(d: Deps) {
  const actor = (s: StaffRow, ip: string) => ({ staffId: s.id, email: s.email, role: s.role, ip });
  return {
    /** Step 1: the cookie token and the staff member, the session waiting for its second factor. */
    async signIn(email: string, password: string, origin: Origin) {
      const account = `staff:${email}`;
      await d.sessions.beginAttempt(account, origin.ip);
      const staff = await d.staff.checkPassword(email, password);
      if (!staff) throw new AppError(Code.staffSignInFailed);
      await d.sessions.attemptSucceeded(account, origin.ip);
      const token = await d.staff.openSession(staff.id, origin);
      await d.staffAudit.record(
        actor(staff, origin.ip),
        { action: 'staff.signIn', targetType: 'staff', targetId: staff.id },
        d.db,
      );
      return { token, me: meOf(staff, token, false) };
    },

    /**
     * Step 2 — where the two-factor module plugs in: `d.secondFactor.verify` decides. Until
     * that module is merged, production has no verifier and answers 2500008.
     */
    async secondFactor(s: StaffSession, code: string, origin: Origin): Promise<TStaffMe> {
      if (s.session.secondFactorAt) return meOf(s.staff, s.token, true);
      if (!d.secondFactor) throw new AppError(Code.staffSecondFactorUnavailable);
      const account = `staff-second-factor:${s.staff.id}`;
      await d.sessions.beginAttempt(account, origin.ip);
      if (!(await d.secondFactor.verify(s.staff.id, code))) throw new AppError(Code.staffSecondFactorWrong);
      await d.sessions.attemptSucceeded(account, origin.ip);
      await d.staff.completeSecondFactor(s.session.id);
      return meOf(s.staff, s.token, true);
    },

    me: (s: StaffSession) => meOf(s.staff, s.token, Boolean(s.session.secondFactorAt)),

    async signOut(s: StaffSession, origin: Origin) {
      await d.staff.endSession(s.session.id);
      await d.staffAudit.record(
        actor(s.staff, origin.ip),
        { action: 'staff.signOut', targetType: 'staff', targetId: s.staff.id },
        d.db,
      );
    },
  };
}
export type ConsoleSessions = ReturnType<typeof createConsoleSessions>;
