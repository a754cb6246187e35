/**
 * Staff accounts and staff sessions (docs/decisions/0038-operator-console.md): argon2id
 * passwords (the members' hasher), a role, a disabled flag; sessions stored server-side (the
 * cookie carries a random token, stored hashed) that end after 15 minutes without a call, 12
 * hours after the sign-in, at sign-out, or when the account is disabled. A session is not
 * complete before its second factor (`secondFactorAt`).
 */
import { Code } from '@ac/protocol/codes';
import { STAFF_ABSOLUTE_TIMEOUT_HOURS, STAFF_IDLE_TIMEOUT_MINUTES, type TStaffRole } from '@ac/protocol/console/staff';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { dummyPasswordHash, hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/hashing.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { HOUR, MINUTE } from '../../lib/time.ts';
import { COMMAND_LINE_ACTOR, type StaffActor, type StaffAuditService } from '../staff-audit/staff-audit.service.ts';
import { createStaffRepo, type StaffRow, type StaffSessionRow } from './staff.repo.ts';

export type { StaffRow } from './staff.repo.ts';
export const STAFF_IDLE_MS = STAFF_IDLE_TIMEOUT_MINUTES * MINUTE;
export const STAFF_ABSOLUTE_MS = STAFF_ABSOLUTE_TIMEOUT_HOURS * HOUR;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A staff account by its email (the command line) or its id (the console). */
export type StaffWho = string | { id: string };

export type NewStaffInput = { email: string; name: string; role: TStaffRole; password: string; reason?: string };
export type StaffSession = { session: StaffSessionRow; staff: StaffRow; token: string };

/** The CSRF token of a session: derived from its cookie token, which scripts cannot read (HttpOnly). */
export function csrfTokenOf(token: string): string {
  return sha256Hex(`csrf:${token}`);
}

type Deps = { db: Db; audit: Pick<StaffAuditService, 'record'>; now?: () => Date };

export function createStaffService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createStaffRepo(d.db);
  const view = (s: StaffRow) => ({ id: s.id, email: s.email, name: s.name, role: s.role, disabled: s.disabled });

  /** The account, locked until the end of `tx`; 2500062 when there is none. */
  async function lockAccount(tx: DbOrTx, who: StaffWho): Promise<StaffRow> {
    const r = createStaffRepo(tx);
    const found = typeof who === 'string' ? await r.findByEmail(who) : await r.findById(who.id);
    const row = found && (await r.lockById(found.id));
    if (!row) throw new AppError(Code.staffNotFound);
    return row;
  }

  /**
   * A console change that would leave no enabled administrator is refused (2500064): the enabled
   * administrators are locked first, so two admins demoting each other at once leave one. The
   * command line, the server's own shell, may (it can always create another administrator).
   */
  async function keepAnAdmin(tx: DbOrTx, actor: StaffActor, who: StaffWho) {
    if (actor.staffId === COMMAND_LINE_ACTOR.staffId) return;
    const admins = await createStaffRepo(tx).lockEnabledAdmins();
    const target = await lockAccount(tx, who);
    if (admins.some((a) => a.id === target.id) && admins.length <= 1) throw new AppError(Code.staffLastAdmin);
  }

  return {
    async create(actor: StaffActor, input: NewStaffInput) {
      const email = input.email.trim().toLowerCase();
      const name = input.name.trim();
      if (!EMAIL_RE.test(email) || email.length > 254) throw new AppError(Code.invalidParam, 'email');
      if (!name || name.length > 64) throw new AppError(Code.invalidParam, 'name must be 1-64 characters');
      assertPasswordAllowed(input.password, [email]);
      const passwordHash = await hashPassword(input.password);
      try {
        return await d.db.transaction(async (tx) => {
          const at = now();
          const row = await createStaffRepo(tx).insertStaff({
            email,
            name,
            role: input.role,
            passwordHash,
            createdAt: at,
            updatedAt: at,
          });
          await d.audit.record(
            actor,
            { action: 'staff.create', targetType: 'staff', targetId: row.id, reason: input.reason, after: view(row) },
            tx,
          );
          return row;
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError(Code.staffEmailTaken);
        throw e;
      }
    },

    list: () => repo.list(),
    /** A page of accounts whose email or name contains `query`, by email, with their live sessions. */
    page: (p: { query?: string; id?: string; offset: number; limit: number }) =>
      repo.page(p, new Date(now().getTime() - STAFF_IDLE_MS), new Date(now().getTime() - STAFF_ABSOLUTE_MS)),

    /** Disables (or enables again) an account; disabling ends its sessions. */
    async setDisabled(actor: StaffActor, who: StaffWho, disabled: boolean, reason?: string) {
      return d.db.transaction(async (tx) => {
        const r = createStaffRepo(tx);
        if (disabled) await keepAnAdmin(tx, actor, who);
        const row = await lockAccount(tx, who);
        const at = now();
        await r.setDisabled(row.id, disabled, at);
        if (disabled) await r.endSessionsOf(row.id, at);
        await d.audit.record(
          actor,
          {
            action: disabled ? 'staff.disable' : 'staff.enable',
            targetType: 'staff',
            targetId: row.id,
            reason,
            before: { disabled: row.disabled },
            after: { disabled },
          },
          tx,
        );
        return { ...row, disabled, updatedAt: at };
      });
    },

    /** Another role, from the account's next call; audited with the role before and after. */
    async setRole(actor: StaffActor, who: StaffWho, role: TStaffRole, reason?: string) {
      return d.db.transaction(async (tx) => {
        if (role !== 'admin') await keepAnAdmin(tx, actor, who);
        const row = await lockAccount(tx, who);
        const at = now();
        await createStaffRepo(tx).setRole(row.id, role, at);
        await d.audit.record(
          actor,
          {
            action: 'staff.setRole',
            targetType: 'staff',
            targetId: row.id,
            reason,
            before: { role: row.role },
            after: { role },
          },
          tx,
        );
        return { ...row, role, updatedAt: at };
      });
    },

    /** Ends every live session of the account (its next call asks to sign in); audited. */
    async endSessions(actor: StaffActor, who: StaffWho, reason?: string) {
      return d.db.transaction(async (tx) => {
        const row = await lockAccount(tx, who);
        const sessionsEnded = await createStaffRepo(tx).endSessionsOf(row.id, now());
        await d.audit.record(
          actor,
          { action: 'staff.endSessions', targetType: 'staff', targetId: row.id, reason, after: { sessionsEnded } },
          tx,
        );
        return { row, sessionsEnded };
      });
    },

    /**
     * A staff member lost their device: `forget` drops their second factors (the second-factor
     * module's, passed in by the caller) in this transaction, their sessions end, and the next
     * sign-in leads through the enrolment again. Audited.
     */
    async resetSecondFactor(
      actor: StaffActor,
      who: StaffWho,
      forget: (staffId: string, tx: DbOrTx) => Promise<void>,
      reason?: string,
    ) {
      return d.db.transaction(async (tx) => {
        const row = await lockAccount(tx, who);
        await forget(row.id, tx);
        await createStaffRepo(tx).endSessionsOf(row.id, now());
        await d.audit.record(
          actor,
          { action: 'staff.resetSecondFactor', targetType: 'staff', targetId: row.id, reason },
          tx,
        );
        return row;
      });
    },

    /** The enabled account of this email and password, else null (the same work either way). */
    async checkPassword(email: string, password: string): Promise<StaffRow | null> {
      const row = await repo.findByEmail(email);
      const check = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
      return row && check.ok && !row.disabled ? row : null;
    },

    /** A new session waiting for its second factor: the cookie token. */
    async openSession(staffId: string, origin: { ip: string; userAgent?: string }) {
      const token = randomToken();
      const at = now();
      await repo.insertSession({
        tokenHash: sha256Hex(token),
        staffId,
        ip: origin.ip,
        userAgent: origin.userAgent?.slice(0, 512) ?? null,
        createdAt: at,
        lastSeenAt: at,
      });
      return token;
    },

    /**
     * The live session of a cookie token, its last call moved to now; 2500002 when there is
     * none: unknown, ended, idle for 15 minutes, 12 hours old, or its account disabled.
     */
    async resolveSession(token: string | undefined): Promise<StaffSession> {
      if (!token || token.length > 128) throw new AppError(Code.staffSessionRequired);
      const found = await repo.findSessionByTokenHash(sha256Hex(token));
      const at = now().getTime();
      if (
        !found ||
        found.session.endedAt ||
        found.staff.disabled ||
        at - found.session.lastSeenAt.getTime() >= STAFF_IDLE_MS ||
        at - found.session.createdAt.getTime() >= STAFF_ABSOLUTE_MS
      ) {
        throw new AppError(Code.staffSessionRequired);
      }
      await repo.touchSession(found.session.id, new Date(at));
      return { ...found, token };
    },

    completeSecondFactor: (sessionId: string) => repo.completeSecondFactor(sessionId, now()),
    endSession: (sessionId: string) => repo.endSession(sessionId, now()),
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
