/**
 * What support does for a member from the console (docs/operations.md): find and view them, end
 * their sessions, block and unblock them, extend a membership, resend the activation mail, unbind
 * a device, unlock the login. Each change runs in one transaction with its staff audit row,
 * through the services that own the tables.
 */
import { Code } from '@ac/protocol/codes';
import { normalizeMobile } from '@ac/protocol/common';
import type { TUserHit, TUserView } from '@ac/protocol/console/console-shapes';
import { OrderStatus } from '@ac/protocol/enums';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { iso } from '../../lib/time.ts';
import type { CodeDelivery } from '../codes/code-delivery.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { newOrderNo } from '../orders/order-number.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { RedeemService } from '../redeem/redeem.service.ts';
import type { RegistrationService } from '../registration/registration.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { StaffActor, StaffAuditService } from '../staff-audit/staff-audit.service.ts';
import type { ThirdPartyService } from '../third-party/third-party.service.ts';
import { USER_SEARCH_MIN_PART, type UserRow, type UserService } from '../user/user.service.ts';

type Deps = {
  db: Db;
  currency: 'USD' | 'CNY';
  users: Pick<UserService, 'search' | 'findLive' | 'lockLive' | 'setBlocked'>;
  sessions: Pick<SessionService, 'endSessions' | 'liveOf' | 'unlockLogins'>;
  memberships: Pick<MembershipsService, 'history' | 'grant'>;
  orders: Pick<OrdersService, 'userOfOrder' | 'list' | 'insert'>;
  redeem: Pick<RedeemService, 'usersOfCode' | 'list'>;
  devices: Pick<DevicesService, 'usersOfUuid' | 'list' | 'unbindFor'>;
  registration: Pick<RegistrationService, 'activationMailFor'>;
  delivery: Pick<CodeDelivery, 'resendPending'>;
  thirdParty: Pick<ThirdPartyService, 'list'>;
  companies: Pick<CompanyService, 'membersOfCompaniesNamed' | 'overview'>;
  products: Pick<ProductsService, 'findGoods'>;
  staffAudit: Pick<StaffAuditService, 'record'>;
  now?: () => Date;
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hitOf(u: UserRow, matched: string[]): TUserHit {
  return {
    id: u.id,
    email: u.email,
    mobile: u.mobile,
    name: u.name,
    nickName: u.nickName,
    company: u.company,
    registeredAt: iso(u.registerDate),
    activated: u.isActivate,
    blocked: Boolean(u.blockedAt),
    matched,
  };
}

/** What of the row the text matched (the ids found elsewhere say their own). */
function textMatches(u: UserRow, q: { text: string; email: string | null; mobile: string | null }): string[] {
  const text = q.text.toLowerCase();
  const has = (v: string | null) => q.text.length >= USER_SEARCH_MIN_PART && Boolean(v?.toLowerCase().includes(text));
  return [
    ...(u.id === q.text.toLowerCase() ? ['id'] : []),
    ...(u.email === q.email || has(u.email) ? ['email'] : []),
    ...(q.mobile && u.mobile === q.mobile ? ['mobile'] : []),
    ...(has(u.nickName) ? ['nickName'] : []),
    ...(has(u.name) ? ['name'] : []),
    ...(has(u.company) ? ['company'] : []),
  ];
}

export function createUserSupport(d: Deps) {
  const now = d.now ?? (() => new Date());

  async function liveUser(userId: string) {
    const user = await d.users.findLive(userId);
    if (!user) throw new AppError(Code.userNotFound);
    return user;
  }

  return {
    /** One box for everything support is given (docs/operations.md#finding-a-member). */
    async search(query: string, page: { pageNo: number; pageSize: number }) {
      const text = query.trim();
      const found = new Map<string, Set<string>>();
      const mark = (why: string) => (ids: readonly (string | null)[]) => {
        for (const id of ids) if (id) found.set(id, (found.get(id) ?? new Set()).add(why));
      };
      const [order, codes, devices, members] = await Promise.all([
        d.orders.userOfOrder(text),
        d.redeem.usersOfCode(text),
        d.devices.usersOfUuid(text),
        text.length >= USER_SEARCH_MIN_PART ? d.companies.membersOfCompaniesNamed(text) : Promise.resolve([]),
      ]);
      mark('order')([order]);
      mark('redeemCode')(codes);
      mark('device')(devices);
      mark('company')(members);
      const q = {
        text,
        email: text.includes('@') ? text.toLowerCase() : null,
        mobile: normalizeMobile(text),
        ids: [...found.keys(), ...(UUID_RE.test(text) ? [text.toLowerCase()] : [])],
      };
      const { rows, total } = await d.users.search(q, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return {
        rows: rows.map((u) => hitOf(u, [...new Set([...(found.get(u.id) ?? []), ...textMatches(u, q)])])),
        total,
        ...page,
      };
    },

    async view(userId: string): Promise<TUserView> {
      const u = await liveUser(userId);
      const all = { pageNo: 1, pageSize: 50 };
      const [memberships, orders, used, unused, devices, sessions, bindings, company] = await Promise.all([
        d.memberships.history(userId),
        d.orders.list(userId, { pageNo: 1, pageSize: 20 }),
        d.redeem.list(userId, { ...all, state: 'used' }),
        d.redeem.list(userId, { ...all, state: 'unused' }),
        d.devices.list(userId, all),
        d.sessions.liveOf(userId),
        d.thirdParty.list(userId),
        d.companies.overview(userId).catch((e: unknown) => {
          if (e instanceof AppError && e.code === Code.notCompanyMember) return null;
          throw e;
        }),
      ]);
      const { matched: _, ...profile } = hitOf(u, []);
      return {
        profile: {
          ...profile,
          lastLoginAt: iso(u.lastLoginTime),
          blockedAt: iso(u.blockedAt),
          location: u.location,
          position: u.position,
        },
        memberships,
        orders: orders.rows,
        ordersTotal: orders.total,
        redeemCodes: [...unused.rows, ...used.rows],
        devices: devices.rows,
        sessions,
        bindings,
        company,
      };
    },

    /** Ends every live session of the member; their next call answers 1000002. */
    async endSessions(actor: StaffActor, userId: string, reason: string) {
      return d.db.transaction(async (tx) => {
        if (!(await d.users.lockLive(userId, tx))) throw new AppError(Code.userNotFound);
        const ended = await d.sessions.endSessions({ userId }, 'staffEnded', tx);
        await d.staffAudit.record(
          actor,
          {
            action: 'user.endSessions',
            targetType: 'user',
            targetId: userId,
            reason,
            before: { liveSessions: ended.length },
            after: { liveSessions: 0 },
          },
          tx,
        );
        return { ended: ended.length };
      });
    },

    /** Blocks (logins answer 1000014, sessions end) or unblocks the member. */
    async setBlocked(actor: StaffActor, userId: string, blocked: boolean, reason: string) {
      await d.db.transaction(async (tx) => {
        const user = await d.users.lockLive(userId, tx);
        if (!user) throw new AppError(Code.userNotFound);
        const at = now();
        const blockedAt = blocked ? (user.blockedAt ?? at) : null;
        await d.users.setBlocked(userId, blockedAt, at, tx);
        const ended = blocked ? await d.sessions.endSessions({ userId }, 'blocked', tx, at) : [];
        await d.staffAudit.record(
          actor,
          {
            action: blocked ? 'user.block' : 'user.unblock',
            targetType: 'user',
            targetId: userId,
            reason,
            before: { blockedAt: iso(user.blockedAt) },
            after: { blockedAt: iso(blockedAt), ...(blocked ? { sessionsEnded: ended.length } : {}) },
          },
          tx,
        );
      });
    },

    /** A new activation link mailed to the member's email: only an unactivated account with one. */
    async resendActivation(actor: StaffActor, userId: string, reason: string) {
      return d.db.transaction(async (tx) => {
        const user = await d.users.lockLive(userId, tx);
        if (!user) throw new AppError(Code.userNotFound);
        if (user.isActivate) throw new AppError(Code.staffMemberAlreadyActivated);
        if (!user.email) throw new AppError(Code.staffMemberWithoutEmail);
        await d.registration.activationMailFor(userId, user.email, tx);
        await d.staffAudit.record(
          actor,
          {
            action: 'user.resendActivation',
            targetType: 'user',
            targetId: userId,
            reason,
            before: { activated: false },
            after: { mailedTo: user.email },
          },
          tx,
        );
        return { email: user.email };
      });
    },

    /**
     * Sends a new code for the code the member waits for at their email or mobile (the same
     * purpose; their send limits hold); 2500065 when none waits there.
     */
    async resendCode(actor: StaffActor, p: { userId: string; channel: 'email' | 'mobile'; reason: string }) {
      const sent = await d.db.transaction(async (tx) => {
        const user = await d.users.lockLive(p.userId, tx);
        if (!user) throw new AppError(Code.userNotFound);
        const address = p.channel === 'email' ? user.email : user.mobile;
        if (!address) throw new AppError(Code.staffMemberNoPendingCode);
        const r = await d.delivery.resendPending(address, p.channel === 'email' ? 'mail' : 'sms', tx);
        await d.staffAudit.record(
          actor,
          {
            action: 'user.resendCode',
            targetType: 'user',
            targetId: p.userId,
            reason: p.reason,
            after: { channel: p.channel, purpose: r.purpose, sentTo: address },
          },
          tx,
        );
        return { ...r, address };
      });
      await sent.afterCommit();
      return { target: sent.address, purpose: sent.purpose };
    },

    /** Unbinds one bound device of the member; the sessions it reported end. */
    async unbindDevice(actor: StaffActor, p: { userId: string; deviceId: string; reason: string }) {
      return d.db.transaction(async (tx) => {
        if (!(await d.users.lockLive(p.userId, tx))) throw new AppError(Code.userNotFound);
        const { device, sessionsEnded } = await d.devices.unbindFor(p.userId, p.deviceId, tx);
        await d.staffAudit.record(
          actor,
          {
            action: 'user.unbindDevice',
            targetType: 'user',
            targetId: p.userId,
            reason: p.reason,
            before: { device: { ...device, status: 'bound' } },
            after: { device: { ...device, status: 'unbound' }, sessionsEnded },
          },
          tx,
        );
        return { sessionsEnded };
      });
    },

    /** Clears the login failure counters and lock of the member's email and mobile, from any address. */
    async unlockLogin(actor: StaffActor, userId: string, reason: string) {
      return d.db.transaction(async (tx) => {
        const user = await d.users.lockLive(userId, tx);
        if (!user) throw new AppError(Code.userNotFound);
        const identifiers = [user.email, user.mobile].filter((a): a is string => Boolean(a));
        const { locked } = await d.sessions.unlockLogins(identifiers, tx);
        await d.staffAudit.record(
          actor,
          {
            action: 'user.unlockLogin',
            targetType: 'user',
            targetId: userId,
            reason,
            before: { locked },
            after: { locked: false, identifiers: identifiers.length },
          },
          tx,
        );
        return { identifiers: identifiers.length, locked };
      });
    },

    /**
     * A courtesy extension (≤ 31 days, the contract checks it): a paid order of type manual
     * replenishment with amount 0 and its membership, which starts where the member's latest
     * of that goods ends.
     */
    async extendMembership(actor: StaffActor, p: { userId: string; goodsCode: string; days: number; reason: string }) {
      return d.db.transaction(async (tx) => {
        const goods = await d.products.findGoods(p.goodsCode, tx);
        if (!goods) throw new AppError(Code.goodsNotFound);
        if (!(await d.users.lockLive(p.userId, tx))) throw new AppError(Code.userNotFound);
        const at = now();
        const orderNo = newOrderNo(at);
        const granted = await d.memberships.grant(
          { userId: p.userId, goodsCode: goods.code, days: p.days, sourceType: 'order', sourceId: orderNo, now: at },
          tx,
        );
        await d.orders.insert(
          {
            orderNo,
            userId: p.userId,
            goodsCode: goods.code,
            serviceType: goods.serviceType,
            channel: 'console',
            orderType: 'manualReplenishment',
            status: OrderStatus.paid,
            currency: d.currency,
            orderAmount: 0,
            payAmount: 0,
            payTime: at,
            startDate: granted.startTime,
            endDate: granted.endTime,
            createdAt: at,
            updatedAt: at,
          },
          tx,
        );
        await d.staffAudit.record(
          actor,
          {
            action: 'user.extendMembership',
            targetType: 'user',
            targetId: p.userId,
            reason: p.reason,
            before: null,
            after: {
              orderNo,
              goodsCode: goods.code,
              days: p.days,
              startTime: iso(granted.startTime),
              endTime: iso(granted.endTime),
            },
          },
          tx,
        );
        return { orderNo, endTime: iso(granted.endTime) };
      });
    },
  };
}
export type UserSupport = ReturnType<typeof createUserSupport>;
