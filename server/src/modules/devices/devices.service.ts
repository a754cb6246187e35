/**
 * The user's devices (docs/product.md#devices-and-sessions): CAD clients
 * report themselves after login, the user binds them up to the membership's
 * limit (device-limits.ts) and unbinds them, which signs them out.
 */
import { isPortalClientType } from '@ac/protocol/client-types';
import { Code } from '@ac/protocol/codes';
import type { TDeviceList, TDeviceReportRequest, TDeviceUnbindRequest } from '@ac/protocol/devices';
import { type DeviceLimit, type DeviceLimits, limitFor } from '../../config/device-limits.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthSession } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/hashing.ts';
import { iso } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { UserService } from '../user/user.service.ts';
import { createDevicesRepo } from './devices.repo.ts';

type Origin = { ip: string; requestId: string };

type Deps = {
  db: Db;
  users: Pick<UserService, 'lock' | 'requireLive'>;
  memberships: Pick<MembershipsService, 'active'>;
  sessions: Pick<
    SessionService,
    'attachDevice' | 'endSessions' | 'isRecentLogin' | 'beginAttempt' | 'attemptSucceeded'
  >;
  codes: Pick<CodesService, 'verify'>;
  audit: AuditService;
  limits: DeviceLimits;
  now?: () => Date;
};

export function createDevicesService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createDevicesRepo(tx ?? d.db);

  /** The limits of the user's live memberships. */
  async function limitOf(userId: string, tx?: DbOrTx): Promise<DeviceLimit> {
    const live = await d.memberships.active(userId, now(), tx);
    return limitFor(
      d.limits,
      live.map((m) => m.accountType),
    );
  }

  /**
   * From a login older than 15 minutes: the current password (throttled like
   * a login) or a verifyCurrent code sent to the own email, else mobile; else 1100021.
   */
  async function reauthenticate(session: AuthSession, p: TDeviceUnbindRequest, origin: Origin) {
    if (await d.sessions.isRecentLogin(session.sessionId)) return;
    const user = await d.users.requireLive(session.userId);
    if (p.password !== undefined) {
      const account = user.email ?? user.mobile ?? user.id;
      await d.sessions.beginAttempt(account, origin.ip);
      const check = user.passwordHash ? await verifyPassword(p.password, user.passwordHash) : { ok: false };
      if (!check.ok) {
        await d.audit.record({ event: 'device.reauthFailed', userId: user.id, ...origin });
        throw new AppError(Code.passwordWrong);
      }
      await d.sessions.attemptSucceeded(account, origin.ip);
      return;
    }
    const target = user.email ?? user.mobile;
    if (p.currentCode && target) {
      await d.codes.verify('verifyCurrent', target, p.currentCode);
      return;
    }
    throw new AppError(Code.reauthRequired);
  }

  return {
    async list(userId: string, p: { pageNo: number; pageSize: number }): Promise<TDeviceList> {
      const { pageNo, pageSize } = p;
      const [{ rows, total }, bound, limit] = await Promise.all([
        repo().listDevices(userId, { offset: (pageNo - 1) * pageSize, limit: pageSize }),
        repo().countBound(userId),
        limitOf(userId),
      ]);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          model: r.model,
          mac: r.mac,
          uuid: r.uuid,
          lastIp: r.lastIp,
          lastTime: iso(r.lastTime),
          clientVersion: r.clientVersion,
          status: r.status,
        })),
        total,
        pageNo,
        pageSize,
        bound,
        boundLimit: limit.boundDevices,
      };
    },

    /**
     * A CAD client's report: the device is recorded (new ones unbound) with
     * the request's IP and time and tied to the session; the user's live
     * client sessions beyond the membership's limit are replaced, oldest first.
     */
    async report(session: AuthSession, p: TDeviceReportRequest, c: { clientType: string } & Origin) {
      if (isPortalClientType(c.clientType)) throw new AppError(Code.portalIsNoDevice);
      const at = now();
      const { device, replaced } = await d.db.transaction(async (tx) => {
        if (!(await d.users.lock(session.userId, tx))) throw new AppError(Code.sessionRevoked);
        const device = await repo(tx).upsertReport(session.userId, { ...p, clientType: c.clientType, ip: c.ip, at });
        const limit = await limitOf(session.userId, tx);
        const replaced = await d.sessions.attachDevice(session, device.id, limit.clientSessions, tx);
        return { device, replaced };
      });
      await d.audit.record({
        event: 'device.report',
        userId: session.userId,
        ip: c.ip,
        requestId: c.requestId,
        detail: { deviceId: device.id, replaced: replaced.length },
      });
      return { id: device.id, status: device.status };
    },

    /** Binds a device; the user's row lock makes parallel binds for the last slot take turns. */
    async bind(session: AuthSession, id: string, origin: Origin) {
      await d.db.transaction(async (tx) => {
        if (!(await d.users.lock(session.userId, tx))) throw new AppError(Code.sessionRevoked);
        const device = await repo(tx).findOf(session.userId, id);
        if (!device) throw new AppError(Code.deviceNotFound);
        if (device.status === 'bound') return;
        const { boundDevices } = await limitOf(session.userId, tx);
        if ((await repo(tx).countBound(session.userId)) >= boundDevices) {
          throw new AppError(Code.deviceLimitReached, undefined, { max: boundDevices });
        }
        await repo(tx).setStatus(id, 'bound', now());
      });
      await d.audit.record({ event: 'device.bind', userId: session.userId, ...origin, detail: { deviceId: id } });
    },

    /** Unbinds a device (re-authentication as above) and ends its sessions. */
    async unbind(session: AuthSession, p: TDeviceUnbindRequest, origin: Origin) {
      const device = await repo().findOf(session.userId, p.id);
      if (!device) throw new AppError(Code.deviceNotFound);
      await reauthenticate(session, p, origin);
      const ended = await d.db.transaction(async (tx) => {
        await repo(tx).setStatus(p.id, 'unbound', now());
        return d.sessions.endSessions({ userId: session.userId, reportedDeviceId: p.id }, 'deviceUnbound', tx);
      });
      await d.audit.record({
        event: 'device.unbind',
        userId: session.userId,
        ...origin,
        detail: { deviceId: p.id, sessionsEnded: ended.length },
      });
    },

    /**
     * The console's unbind (support), in the caller's transaction with its audit row: the bound
     * device of `userId` is unbound and the sessions it reported end. 1500001 for another
     * member's device or none, 2500032 for one not bound.
     */
    async unbindFor(userId: string, id: string, tx: DbOrTx) {
      const device = await repo(tx).findOf(userId, id);
      if (!device) throw new AppError(Code.deviceNotFound);
      if (device.status !== 'bound') throw new AppError(Code.staffDeviceNotBound);
      await repo(tx).setStatus(id, 'unbound', now());
      const ended = await d.sessions.endSessions({ userId, reportedDeviceId: id }, 'deviceUnbound', tx);
      return { device: { id: device.id, name: device.name, uuid: device.uuid }, sessionsEnded: ended.length };
    },

    /** Account deletion: the user's devices go. */
    forgetUser: (userId: string, tx: DbOrTx) => repo(tx).deleteOf(userId),
    /** The accounts a device UUID was reported by (the console's user search). */
    usersOfUuid: (uuid: string) => repo(d.db).usersOfUuid(uuid.trim()),
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
