/**
 * The enterprise (docs/product.md#enterprise, docs/decisions/0014-enterprise.md):
 * companies, their members with a role, seats per goods code and mailed
 * invitations. A seat grants its goods while the company is active, not
 * frozen and before its end time; that is read at every question (the
 * memberships module asks `liveSeatGrants`), so freezing or expiry stops it
 * at once. Every write that changes what members are entitled to goes
 * through `entitlementsChanged`.
 */
import { randomBytes } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import { INVITATION_DAYS, type TCompanyMembers, type TCompanyOverview } from '@ac/protocol/company';
import {
  COMPANY_ADMIN_ROLES,
  companyGrants,
  type TCompanyStatus,
  type TFreezeStatus,
  type TLanguage,
} from '@ac/protocol/enums';
import type { TCompanyInfo } from '@ac/protocol/session';
import type { Mailer } from '../../adapters/mail.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { mailText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, HOUR, iso } from '../../lib/time.ts';
import type { UserChanges } from '../../lib/user-changes.ts';
import type { AuditService, Origin } from '../audit/audit.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { UserService } from '../user/user.service.ts';
import { type CompanyRepo, createCompanyRepo, type MemberRole } from './company.repo.ts';

/** Invitations one address may receive per hour (from any company). */
export const INVITATIONS_PER_HOUR = 5;

type Deps = {
  db: Db;
  users: Pick<UserService, 'findLive' | 'findLiveByEmail' | 'findByAccount'>;
  products: Pick<ProductsService, 'findGoods'>;
  audit: Pick<AuditService, 'record'>;
  mailer: Mailer;
  /** Told of every entitlement change: the session snapshots show the VIP and storage seats grant. */
  changes: Pick<UserChanges, 'userChanged'>;
  defaultLanguage: TLanguage;
  /** PUBLIC_URL + base path: the invitation link opens `/enterprise/join/{token}` there. */
  webUrl: string;
  now?: () => Date;
};

/** Who acts: the admin's session and where the request came from. */
export type Actor = Origin & { userId: string; language?: string };

export function createCompanyService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createCompanyRepo(tx ?? d.db);
  const hashToken = (token: string) => sha256Hex(token);

  /**
   * The one place where the entitlements of members change (a seat assigned
   * or released, a member removed, a company frozen, unfrozen, closed or its
   * end time moved): recorded in the audit log and said through UserChanges
   * (the session snapshot caches of every instance forget the user), inside
   * the write's transaction.
   */
  async function entitlementsChanged(userIds: readonly string[], why: string, tx: DbOrTx, origin: Origin = {}) {
    for (const userId of new Set(userIds)) {
      await d.audit.record({ event: 'company.entitlements', userId, ...origin, detail: { why } }, tx);
      await d.changes.userChanged(userId, tx);
    }
  }

  /** The caller's membership, refused when they have none. */
  async function memberOf(userId: string, r: CompanyRepo) {
    const m = await r.membership(userId);
    if (!m) throw new AppError(Code.notCompanyMember);
    return m;
  }

  /** The caller's company, locked, when the caller is one of its admins; 1300001 otherwise. */
  async function adminOf(userId: string, r: CompanyRepo) {
    const m = await memberOf(userId, r);
    if (!COMPANY_ADMIN_ROLES.includes(m.role)) throw new AppError(Code.noPermission);
    const company = await r.lockCompany(m.companyId);
    if (!company) throw new AppError(Code.notCompanyMember);
    return company;
  }

  /** A member of the admin's company, or 2200007. */
  async function memberInCompany(companyId: string, userId: string, r: CompanyRepo) {
    const m = await r.membership(userId);
    if (!m || m.companyId !== companyId) throw new AppError(Code.companyMemberNotFound);
    return m;
  }

  /** The user's company and role, or null (getCompanyInfoByToken). */
  async function companyInfo(userId: string): Promise<TCompanyInfo> {
    const c = await repo().companyOfUser(userId);
    return c ? { ...c, endTime: iso(c.endTime) } : null;
  }

  /** The user's company: status, seats and whether it requires two-factor (refused to a non-member). */
  async function overview(userId: string): Promise<TCompanyOverview> {
    const r = repo();
    const m = await memberOf(userId, r);
    const company = await r.findCompany(m.companyId);
    if (!company) throw new AppError(Code.notCompanyMember);
    const mine = new Set((await r.assignments(company.id)).filter((a) => a.userId === userId).map((a) => a.goodsCode));
    return {
      companyId: company.id,
      companyName: company.name,
      role: m.role,
      companyStatus: company.status,
      freezeStatus: company.freezeStatus,
      endTime: iso(company.endTime),
      granting: companyGrants(company, now()),
      requireTwoFactor: company.requireTwoFactor,
      seats: (await r.seats(company.id)).map((s) => ({ ...s, used: Number(s.used), mine: mine.has(s.goodsCode) })),
    };
  }

  /** A company's members with their role and seats, and its open invitations with the role they give. */
  async function membersOf(companyId: string, r: CompanyRepo) {
    const seatsOf = new Map<string, string[]>();
    for (const a of await r.assignments(companyId)) {
      seatsOf.set(a.userId, [...(seatsOf.get(a.userId) ?? []), a.goodsCode]);
    }
    return {
      rows: (await r.members(companyId)).map((m) => ({
        userId: m.userId,
        name: m.nickName || m.name,
        email: m.email,
        role: m.role,
        joinedAt: iso(m.joinedAt),
        seats: (seatsOf.get(m.userId) ?? []).sort(),
      })),
      invitations: (await r.openInvitations(companyId, now())).map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        createdAt: iso(i.createdAt),
        expiresAt: iso(i.expiresAt),
      })),
    };
  }

  /** An invitation row and its link token; refused past the hourly limit of the address. */
  async function newInvitation(
    r: CompanyRepo,
    p: { companyId: string; email: string; role: MemberRole; invitedBy: string | null },
  ) {
    const at = now();
    if ((await r.countInvitationsSince(p.email, addMs(at, -HOUR))) >= INVITATIONS_PER_HOUR) {
      throw new AppError(Code.tooManyRequests, 'hourly limit of invitations to this address reached');
    }
    const token = randomBytes(16).toString('base64url');
    await r.insertInvitation({
      companyId: p.companyId,
      email: p.email,
      role: p.role,
      tokenHash: hashToken(token),
      invitedBy: p.invitedBy,
      createdAt: at,
      expiresAt: addMs(at, INVITATION_DAYS * DAY),
    });
    return token;
  }

  async function mailInvitation(email: string, companyName: string, token: string, language?: string) {
    await d.mailer.send({
      to: email,
      ...mailText(messageLanguage(language, d.defaultLanguage), 'companyInvitation', {
        company: companyName,
        link: `${d.webUrl}/enterprise/join/${token}`,
        days: INVITATION_DAYS,
      }),
    });
  }

  /** Sets the seats of one goods code in the company's transaction; fewer than are assigned is refused. */
  async function setSeatsIn(r: CompanyRepo, tx: DbOrTx, companyId: string, goodsCode: string, total: number) {
    if (!(await d.products.findGoods(goodsCode, tx))) throw new AppError(Code.goodsNotFound);
    const assigned = await r.countAssigned(companyId, goodsCode);
    if (total < assigned) {
      throw new AppError(Code.invalidParam, `${assigned} seats of ${goodsCode} are assigned; release some first`);
    }
    await r.upsertSeats(companyId, goodsCode, total);
  }

  /** What a change keeps of a company (the console's audit rows). */
  async function stateOf(companyId: string, r: CompanyRepo) {
    const c = await r.findCompany(companyId);
    if (!c) throw new AppError(Code.companyNotFound);
    return {
      name: c.name,
      status: c.status,
      freezeStatus: c.freezeStatus,
      endTime: iso(c.endTime),
      seats: Object.fromEntries((await r.seats(companyId)).map((x) => [x.goodsCode, x.total])),
    };
  }
  type CompanyState = Awaited<ReturnType<typeof stateOf>>;
  /** Runs in the transaction of a change, after it (the console writes its staff audit row here). */
  type Within = (
    tx: Tx,
    change: { companyId: string; before: CompanyState | null; after: CompanyState },
  ) => Promise<void>;

  /**
   * Status, freeze status, end time and seats of goods codes, in one transaction: the seats of every
   * member start or stop granting at once, and their session snapshots forget them.
   */
  async function change(
    companyId: string,
    patch: {
      status?: TCompanyStatus;
      freezeStatus?: TFreezeStatus;
      endTime?: Date;
      seats?: readonly { goodsCode: string; total: number }[];
    },
    within?: Within,
  ): Promise<void> {
    await d.db.transaction(async (tx: Tx) => {
      const r = repo(tx);
      if (!(await r.lockCompany(companyId))) throw new AppError(Code.companyNotFound);
      const before = within ? await stateOf(companyId, r) : null;
      const { seats, ...fields } = patch;
      for (const s of seats ?? []) await setSeatsIn(r, tx, companyId, s.goodsCode, s.total);
      if (Object.keys(fields).length > 0) {
        await r.updateCompany(companyId, fields);
        const why = Object.entries(fields)
          .map(([k, v]) => `${k}=${v instanceof Date ? v.toISOString() : v}`)
          .join(' ');
        await entitlementsChanged(await r.userIdsOf(companyId), `company ${why}`, tx);
      }
      if (within) await within(tx, { companyId, before, after: await stateOf(companyId, r) });
    });
  }

  return {
    entitlementsChanged,
    companyInfo,
    inActiveCompany: (userId: string, tx?: DbOrTx) => repo(tx).inActiveCompany(userId),
    /** Members of the companies whose name contains `text` (the console's user search). */
    membersOfCompaniesNamed: (text: string) => repo().membersOfCompaniesNamed(text),

    /** Whether the user is an owner or admin of a company (who may buy company-only redeem codes). */
    async isAdmin(userId: string, tx?: DbOrTx): Promise<boolean> {
      const m = await repo(tx).membership(userId);
      return m !== null && COMPANY_ADMIN_ROLES.includes(m.role);
    },

    /**
     * The member with this address in the admin's company (handing over a redeem code):
     * 1300001 when the caller is no admin, 2400004 when the address is no member of the company.
     */
    async colleagueByEmail(adminUserId: string, email: string, tx?: DbOrTx) {
      const r = repo(tx);
      const m = await memberOf(adminUserId, r);
      if (!COMPANY_ADMIN_ROLES.includes(m.role)) throw new AppError(Code.noPermission);
      const user = await d.users.findLiveByEmail(email, tx);
      const theirs = user ? await r.membership(user.id) : null;
      if (!user || theirs?.companyId !== m.companyId) throw new AppError(Code.redeemRecipientNotMember);
      const company = await r.companyOfUser(adminUserId);
      return { user, companyName: company?.companyName ?? '' };
    },

    /** Account deletion: the user leaves their company and gives back their seats. */
    async forgetMember(userId: string, tx: DbOrTx) {
      const r = repo(tx);
      const m = await r.membership(userId);
      if (!m) return;
      await r.deleteAssignmentsOf(m.companyId, userId);
      await r.deleteMember(userId);
      await entitlementsChanged([userId], 'account deleted', tx);
    },

    /** The seats the user holds in a company that grants now (read by the memberships module). */
    liveSeatGrants: (userId: string, at: Date, tx?: DbOrTx) => repo(tx).liveSeatGrants(userId, at),

    /** Buying: a member of a frozen company may not buy a product the company holds seats of (1300001). */
    async assertMayBuy(userId: string, goodsCode: string, tx?: DbOrTx) {
      if (await repo(tx).frozenCompanyHoldsSeats(userId, goodsCode)) throw new AppError(Code.noPermission);
    },

    overview,

    /**
     * Company admin: require two-step verification of the members, or stop
     * requiring it (docs/product.md#enterprise). A member without it is led
     * through enrolment at the next sign-in; none can turn it off meanwhile.
     */
    async setRequireTwoFactor(actor: Actor, on: boolean): Promise<TCompanyOverview> {
      await d.db.transaction(async (tx) => {
        const r = repo(tx);
        const company = await adminOf(actor.userId, r);
        if (company.requireTwoFactor === on) return;
        await r.updateCompany(company.id, { requireTwoFactor: on });
        await d.audit.record(
          {
            event: 'company.requireTwoFactor',
            userId: actor.userId,
            ip: actor.ip,
            requestId: actor.requestId,
            detail: { companyId: company.id, on },
          },
          tx,
        );
      });
      return overview(actor.userId);
    },

    /** The name of the user's company when it requires two-factor (the login and two-factor modules ask), else null. */
    twoFactorRequiredBy: (userId: string) => repo().twoFactorRequiredBy(userId),

    async members(userId: string): Promise<TCompanyMembers> {
      return d.db.transaction(async (tx) => {
        const r = repo(tx);
        const company = await adminOf(userId, r);
        const { rows, invitations } = await membersOf(company.id, r);
        return { rows, invitations: invitations.map(({ role: _role, ...i }) => i) };
      });
    },

    /** Mails a single-use link; the address need not have an account yet. */
    async invite(actor: Actor, email: string): Promise<void> {
      const { companyName, token } = await d.db.transaction(async (tx) => {
        const r = repo(tx);
        const company = await adminOf(actor.userId, r);
        const existing = await d.users.findLiveByEmail(email, tx);
        if (existing && (await r.membership(existing.id))) throw new AppError(Code.invitationAlreadyMember);
        const token = await newInvitation(r, { companyId: company.id, email, role: 'member', invitedBy: actor.userId });
        await d.audit.record(
          { event: 'company.invite', userId: actor.userId, ip: actor.ip, requestId: actor.requestId },
          tx,
        );
        return { companyName: company.name, token };
      });
      await mailInvitation(email, companyName, token, actor.language);
    },

    async cancelInvitation(actor: Actor, id: string): Promise<void> {
      await d.db.transaction(async (tx) => {
        const r = repo(tx);
        const company = await adminOf(actor.userId, r);
        if (!(await r.deleteOpenInvitation(company.id, id))) throw new AppError(Code.invitationInvalid);
      });
    },

    /** What an open invitation is for; 2200002 when it is unknown, used or expired. */
    async invitation(token: string) {
      const row = await repo().invitationByHash(hashToken(token));
      if (!row || row.invitation.usedAt || row.invitation.expiresAt <= now()) {
        throw new AppError(Code.invitationInvalid);
      }
      return { companyName: row.companyName, email: row.invitation.email, expiresAt: iso(row.invitation.expiresAt) };
    },

    /** Joins the company as a member: the account's email must be the invited one; the link works once. */
    async acceptInvitation(actor: Actor, token: string): Promise<TCompanyInfo> {
      const at = now();
      await d.db.transaction(async (tx) => {
        const r = repo(tx);
        const row = await r.invitationByHash(hashToken(token), true);
        if (!row || row.invitation.usedAt || row.invitation.expiresAt <= at) throw new AppError(Code.invitationInvalid);
        const user = await d.users.findLive(actor.userId, tx);
        if (!user || user.email?.toLowerCase() !== row.invitation.email.toLowerCase()) {
          throw new AppError(Code.invitationOtherEmail);
        }
        await r.lockCompany(row.invitation.companyId);
        if (await r.membership(actor.userId)) throw new AppError(Code.alreadyInCompany);
        if (!(await r.markInvitationUsed(row.invitation.id, actor.userId, at)))
          throw new AppError(Code.invitationInvalid);
        await r.insertMember({
          companyId: row.invitation.companyId,
          userId: actor.userId,
          role: row.invitation.role,
          joinedAt: at,
        });
        await d.audit.record(
          { event: 'company.join', userId: actor.userId, ip: actor.ip, requestId: actor.requestId },
          tx,
        );
      });
      return companyInfo(actor.userId);
    },

    async removeMember(actor: Actor, userId: string): Promise<void> {
      await d.db.transaction(async (tx) => {
        const r = repo(tx);
        const company = await adminOf(actor.userId, r);
        const m = await memberInCompany(company.id, userId, r);
        if (m.role === 'owner') throw new AppError(Code.noPermission);
        await r.deleteAssignmentsOf(company.id, userId);
        await r.removeMember(company.id, userId);
        await entitlementsChanged([userId], 'removed from company', tx, actor);
      });
    },

    /** Gives a member a seat; the last free seat goes to exactly one of two parallel calls. */
    async assignSeat(actor: Actor, userId: string, goodsCode: string): Promise<void> {
      await d.db.transaction(async (tx) => {
        const r = repo(tx);
        const company = await adminOf(actor.userId, r);
        await memberInCompany(company.id, userId, r);
        const seat = await r.lockSeat(company.id, goodsCode);
        if (!seat) throw new AppError(Code.seatNotInCompany);
        if ((await r.countAssigned(company.id, goodsCode)) >= seat.total) {
          // holding one already is not a second one
          const held = (await r.assignments(company.id)).some((a) => a.userId === userId && a.goodsCode === goodsCode);
          if (held) return;
          throw new AppError(Code.seatsExhausted);
        }
        if (await r.insertAssignment(company.id, goodsCode, userId, now())) {
          await entitlementsChanged([userId], `seat ${goodsCode} assigned`, tx, actor);
        }
      });
    },

    async releaseSeat(actor: Actor, userId: string, goodsCode: string): Promise<void> {
      await d.db.transaction(async (tx) => {
        const r = repo(tx);
        const company = await adminOf(actor.userId, r);
        await memberInCompany(company.id, userId, r);
        if (await r.deleteAssignment(company.id, goodsCode, userId)) {
          await entitlementsChanged([userId], `seat ${goodsCode} released`, tx, actor);
        }
      });
    },

    // ---- the admin command line ----

    admin: {
      list: () => repo().listCompanies(),

      async create(p: { name: string; endTime: Date; status?: TCompanyStatus }) {
        return repo().insertCompany({ name: p.name, endTime: p.endTime, status: p.status ?? 'active' });
      },

      /**
       * The console's company: created active with its seats, and an invitation mailed to its admin
       * e-mail that makes the account accepting it the owner; `within` runs in the same transaction.
       */
      async createWithOwner(
        p: { name: string; endTime: Date; seats: readonly { goodsCode: string; total: number }[]; ownerEmail: string },
        within?: Within,
      ) {
        const { company, token } = await d.db.transaction(async (tx: Tx) => {
          const r = repo(tx);
          const company = await r.insertCompany({ name: p.name, endTime: p.endTime, status: 'active' });
          for (const s of p.seats) await setSeatsIn(r, tx, company.id, s.goodsCode, s.total);
          const token = await newInvitation(r, {
            companyId: company.id,
            email: p.ownerEmail,
            role: 'owner',
            invitedBy: null,
          });
          await within?.(tx, { companyId: company.id, before: null, after: await stateOf(company.id, r) });
          return { company, token };
        });
        await mailInvitation(p.ownerEmail, company.name, token);
        return company;
      },

      /** Sets the seats of one goods code; fewer than are assigned is refused. */
      setSeats: (companyId: string, goodsCode: string, total: number) =>
        change(companyId, { seats: [{ goodsCode, total }] }),

      /** Status, freeze status or end time: the seats of every member start or stop granting at once. */
      update: (companyId: string, patch: { status?: TCompanyStatus; freezeStatus?: TFreezeStatus; endTime?: Date }) =>
        change(companyId, patch),

      /** Seats, end time, freeze status together, with a hook in the transaction (the console). */
      change,

      /** One company, its member count and seats (the console). */
      async find(companyId: string) {
        const r = repo();
        const company = await r.findCompany(companyId);
        if (!company) throw new AppError(Code.companyNotFound);
        return {
          company,
          memberCount: await r.countMembers(companyId),
          seats: (await r.seats(companyId)).map((x) => ({
            goodsCode: x.goodsCode,
            total: x.total,
            used: Number(x.used),
          })),
          granting: companyGrants(company, now()),
        };
      },

      /** Companies by part of the name or id, newest first, each with its seats (the console). */
      async search(text: string | undefined, page: { offset: number; limit: number }) {
        const r = repo();
        const { rows, total } = await r.searchCompanies(text, page);
        const at = now();
        return {
          total,
          rows: await Promise.all(
            rows.map(async ({ company, memberCount }) => ({
              company,
              memberCount: Number(memberCount),
              seats: (await r.seats(company.id)).map((x) => ({
                goodsCode: x.goodsCode,
                total: x.total,
                used: Number(x.used),
              })),
              granting: companyGrants(company, at),
            })),
          ),
        };
      },

      /** Members, roles, seats and open invitations of any company (the console). */
      async members(companyId: string) {
        const r = repo();
        if (!(await r.findCompany(companyId))) throw new AppError(Code.companyNotFound);
        return membersOf(companyId, r);
      },

      /** Makes an account an admin of the company: joins it, or promotes a member (the owner stays owner). */
      async addAdmin(companyId: string, account: string, role: Extract<MemberRole, 'owner' | 'admin'> = 'admin') {
        await d.db.transaction(async (tx) => {
          const r = repo(tx);
          if (!(await r.lockCompany(companyId))) throw new AppError(Code.companyNotFound);
          const user = await d.users.findByAccount(account, tx);
          if (!user) throw new AppError(Code.userNotFound);
          const m = await r.membership(user.id);
          if (m && m.companyId !== companyId) throw new AppError(Code.alreadyInCompany);
          if (!m) await r.insertMember({ companyId, userId: user.id, role, joinedAt: now() });
          else if (m.role !== 'owner') await r.setRole(companyId, user.id, role);
        });
      },
    },
  };
}
export type CompanyService = ReturnType<typeof createCompanyService>;
