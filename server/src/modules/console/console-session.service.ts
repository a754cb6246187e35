/**
 * Staff sign-in in two steps (docs/decisions/0038-operator-console.md): the password opens a
 * session waiting for its second factor; a staff member without one sets up an authenticator
 * app (`enrolStart`, `enrolConfirm`), one with one proves it (`secondFactor`) — both complete
 * the session through the second-factor module's core (second-factor.ts). The password is
 * counted and locked like member logins (the session module's throttle); second factors by the
 * core's counter per staff member.
 */
import { Code } from '@ac/protocol/codes';
import type { TStaffMe, TStaffStage } from '@ac/protocol/console/console-shapes';
import { ROLE_PERMISSIONS } from '@ac/protocol/console/staff';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionService } from '../session/session.service.ts';
import {
  csrfTokenOf,
  type StaffRow,
  type StaffService,
  type StaffSession,
  type StaffWho,
} from '../staff/staff.service.ts';
import type { StaffActor, StaffAuditService } from '../staff-audit/staff-audit.service.ts';
import type { SecondFactor } from './second-factor.ts';

type Deps = {
  db: Db;
  staff: Pick<
    StaffService,
    'checkPassword' | 'openSession' | 'completeSecondFactor' | 'endSession' | 'resetSecondFactor'
  >;
  sessions: Pick<SessionService, 'beginAttempt' | 'attemptSucceeded'>;
  staffAudit: Pick<StaffAuditService, 'record'>;
  /** The second-factor module's core for staff (second-factor.ts: staffSecondFactor). */
  secondFactor: SecondFactor;
};

type Origin = { ip: string; userAgent?: string };

export function meOf(staff: StaffRow, token: string, stage: TStaffStage): TStaffMe {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    permissions: [...ROLE_PERMISSIONS[staff.role]],
    stage,
    csrfToken: csrfTokenOf(token),
  };
}

export function createConsoleSessions(d: Deps) {
  const actor = (s: StaffRow, ip: string) => ({ staffId: s.id, email: s.email, role: s.role, ip });
  /** The stage of a session: done, or the second factor to prove, or one to set up first. */
  async function stageOf(s: Pick<StaffSession, 'staff'> & { complete: boolean }): Promise<TStaffStage> {
    if (s.complete) return 'signedIn';
    return (await d.secondFactor.isEnrolled(s.staff.id)) ? 'secondFactor' : 'enrolSecondFactor';
  }
  const sessionMe = async (s: StaffSession) =>
    meOf(s.staff, s.token, await stageOf({ staff: s.staff, complete: Boolean(s.session.secondFactorAt) }));

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
      return { token, me: meOf(staff, token, await stageOf({ staff, complete: false })) };
    },

    /** Step 2: an app or recovery code (used up); counted and locked per staff member by the core. */
    async secondFactor(s: StaffSession, code: string, origin: Origin): Promise<TStaffMe> {
      if (s.session.secondFactorAt) return meOf(s.staff, s.token, 'signedIn');
      const method = await d.secondFactor.verify(s.staff.id, code);
      await d.staff.completeSecondFactor(s.session.id);
      if (method === 'recovery') {
        await d.staffAudit.record(
          actor(s.staff, origin.ip),
          { action: 'staff.recoveryCodeUsed', targetType: 'staff', targetId: s.staff.id },
          d.db,
        );
      }
      return meOf(s.staff, s.token, 'signedIn');
    },

    /** Step 2 without a second factor: a new authenticator-app secret, its QR code and key. */
    enrolStart: (s: StaffSession) => d.secondFactor.startEnrolment(s.staff.id, s.staff.email),

    /** The app's first code turns the factor on and completes the session; the recovery codes, shown once. */
    async enrolConfirm(s: StaffSession, code: string, origin: Origin) {
      const { recoveryCodes } = await d.secondFactor.confirmEnrolment(s.staff.id, code);
      await d.staff.completeSecondFactor(s.session.id);
      await d.staffAudit.record(
        actor(s.staff, origin.ip),
        { action: 'staff.enrolSecondFactor', targetType: 'staff', targetId: s.staff.id },
        d.db,
      );
      return { recoveryCodes, me: meOf(s.staff, s.token, 'signedIn') };
    },

    me: sessionMe,

    /** `staff reset-second-factor`: a lost device; the next sign-in enrols again. */
    resetSecondFactor: (actorOfReset: StaffActor, who: StaffWho, reason?: string) =>
      d.staff.resetSecondFactor(actorOfReset, who, (staffId, tx) => d.secondFactor.reset(staffId, tx), reason),

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
