/**
 * Sessions (DESIGN §6): opaque random tokens stored hashed, sliding expiry,
 * revocation; password and code logins with throttling (DESIGN §9).
 */
import { Code } from '@ac/protocol/codes';
import type { TClientInfo } from '@ac/protocol/envelope';
import type { TLoginResponse } from '@ac/protocol/session';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthSession } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/hashing.ts';
import { addMs, DAY, MINUTE, SECOND } from '../../lib/time.ts';
import type { UserChanges } from '../../lib/user-changes.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { NodeDirectory } from '../nodes/node-directory.ts';
import type { UserRow, UserService } from '../user/user.service.ts';
import type { UserInfoService } from '../user/user-info.service.ts';
import { createSessionRepo } from './session.repo.ts';
import type { SessionSnapshots } from './session-snapshots.ts';

export const SESSION_TTL_MS = DAY;
const TOUCH_EVERY_MS = MINUTE;
const ACCOUNT_FREE_FAILURES = 4;
const IP_FREE_FAILURES = 19;
const FIRST_DELAY_MS = 30 * SECOND;
const MAX_DELAY_MS = 15 * MINUTE;

export type LoginOrigin = { clientInfo: TClientInfo; ip: string; userAgent: string | undefined };
/** A login request: where it came from, and its id for the security log. */
export type LoginRequest = LoginOrigin & { requestId: string };

type Deps = {
  db: Db;
  users: Pick<UserService, 'findByAccount' | 'recordLogin'>;
  userInfo: Pick<UserInfoService, 'publicUserInfo'>;
  codes: Pick<CodesService, 'verify'>;
  audit: AuditService;
  /** The cached session → user snapshots resolve reads (session-snapshots.ts). */
  snapshots: Pick<SessionSnapshots, 'get' | 'touched'>;
  /** Told of every session this service ends, so no instance's cache serves it any more. */
  changes: UserChanges;
  /** When given, a failed login of an account living on another node answers 0300069 naming that node. */
  nodeDirectory?: Pick<NodeDirectory, 'elsewhere'>;
  now?: () => Date;
};

export function lockDelayMs(failures: number, freeFailures: number): number {
  if (failures <= freeFailures) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - freeFailures - 1), MAX_DELAY_MS);
}

export function createSessionService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createSessionRepo(d.db);

  async function createSession(userId: string, origin: LoginOrigin) {
    const token = randomToken();
    const at = now();
    await repo.insertSession({
      tokenHash: sha256Hex(token),
      userId,
      clientType: origin.clientInfo.clientType,
      clientVersion: origin.clientInfo.clientVersion,
      channelCode: origin.clientInfo.channelCode ?? null,
      deviceId: origin.clientInfo.deviceId ?? null,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: addMs(at, SESSION_TTL_MS),
    });
    return token;
  }

  async function assertNotLocked(keys: string[]) {
    for (const key of keys) {
      const row = await repo.findThrottle(key);
      if (row?.lockedUntil && row.lockedUntil > now()) {
        const seconds = Math.ceil((row.lockedUntil.getTime() - now().getTime()) / 1000);
        throw new AppError(Code.tooManyRequests, `retry in ${seconds} s`);
      }
    }
  }

  async function recordFailure(accountKey: string, ipKey: string) {
    for (const [key, free] of [
      [accountKey, ACCOUNT_FREE_FAILURES],
      [ipKey, IP_FREE_FAILURES],
    ] as const) {
      const failures = await repo.addFailure(key, now());
      const delay = lockDelayMs(failures, free);
      if (delay > 0) await repo.lockUntil(key, addMs(now(), delay));
    }
  }

  function throttleKeys(account: string, ip: string) {
    return { accountKey: `account:${account.trim().toLowerCase()}`, ipKey: `ip:${ip}` };
  }

  async function finishLogin(user: UserRow, origin: LoginOrigin, newHash?: string) {
    if (!user.isActivate) throw new AppError(Code.accountNotActivated);
    await d.users.recordLogin(user.id, now(), newHash);
    const utoken = await createSession(user.id, origin);
    return { utoken, userId: user.id };
  }

  async function loginWithPassword(account: string, password: string, origin: LoginOrigin) {
    const { accountKey, ipKey } = throttleKeys(account, origin.ip);
    await assertNotLocked([accountKey, ipKey]);
    const user = await d.users.findByAccount(account);
    const check = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user?.passwordHash || !check.ok) {
      await recordFailure(accountKey, ipKey);
      throw new AppError(Code.loginFailed);
    }
    await repo.clearThrottle(accountKey);
    const newHash = check.needsRehash ? await hashPassword(password) : undefined;
    return finishLogin(user, origin, newHash);
  }

  async function assertLoginAllowed(account: string, ip: string) {
    const { accountKey, ipKey } = throttleKeys(account, ip);
    await assertNotLocked([accountKey, ipKey]);
  }

  async function recordLoginFailure(account: string, ip: string) {
    const { accountKey, ipKey } = throttleKeys(account, ip);
    await recordFailure(accountKey, ipKey);
  }

  /** 1000001 (or a wrong code) for an account that lives on another node becomes 0300069 with that node's code as detail. */
  async function onOtherNode(e: unknown, account: string) {
    const failed = e instanceof AppError && (e.code === Code.loginFailed || e.code === Code.codeInvalid);
    if (!failed || !d.nodeDirectory) return e;
    const node = await d.nodeDirectory.elsewhere(account);
    return node ? new AppError(Code.accountOnOtherNode, node.code) : e;
  }

  return {
    createSession,
    assertLoginAllowed,
    recordLoginFailure,

    /** Password login: the new session's token and the user. */
    async login(account: string, password: string, r: LoginRequest): Promise<TLoginResponse> {
      const { ip, requestId } = r;
      try {
        const { utoken, userId } = await loginWithPassword(account, password, r);
        await d.audit.record({ event: 'login.password', userId, ip, requestId });
        return { utoken, userInfo: await d.userInfo.publicUserInfo(userId) };
      } catch (e) {
        await d.audit.record({ event: 'login.failed', ip, requestId, detail: { method: 'password' } });
        throw await onOtherNode(e, account);
      }
    },

    /** Login with a code of purpose `login` sent to the account's email or mobile. */
    async loginByCode(given: string, code: string, r: LoginRequest): Promise<TLoginResponse> {
      const { ip, requestId } = r;
      const account = given.includes('@') ? given.toLowerCase() : given;
      await assertLoginAllowed(account, ip);
      try {
        await d.codes.verify('login', account, code);
      } catch (e) {
        await recordLoginFailure(account, ip);
        await d.audit.record({ event: 'login.failed', ip, requestId, detail: { method: 'code' } });
        throw await onOtherNode(e, account);
      }
      const user = await d.users.findByAccount(account);
      if (!user) throw new AppError(Code.codeInvalid);
      const { utoken, userId } = await finishLogin(user, r);
      await d.audit.record({ event: 'login.code', userId, ip, requestId });
      return { utoken, userInfo: await d.userInfo.publicUserInfo(userId) };
    },

    /** The live session of a token, or the session code explaining why there is none. */
    async resolve(token: string | undefined): Promise<AuthSession> {
      if (!token || token.length > 128) throw new AppError(Code.sessionExpired);
      const tokenHash = sha256Hex(token);
      const row = (await d.snapshots.get(tokenHash))?.session;
      if (!row) throw new AppError(Code.sessionExpired);
      if (row.revokedAt) {
        throw new AppError(row.revokeReason === 'replaced' ? Code.sessionReplaced : Code.sessionRevoked);
      }
      const at = now();
      if (row.expiresAt <= at) throw new AppError(Code.sessionExpired);
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const expiresAt = addMs(at, SESSION_TTL_MS);
        await repo.touchSession(row.id, at, expiresAt);
        d.snapshots.touched(tokenHash, at, expiresAt);
      }
      return { sessionId: row.id, userId: row.userId, token };
    },

    async logout(session: AuthSession, origin: { ip: string; requestId: string }) {
      await repo.revokeSession(session.sessionId, 'logout', now());
      await d.changes.userChanged(session.userId);
      await d.audit.record({ event: 'logout', userId: session.userId, ...origin });
    },

    /** Ends every live session of the user (but `exceptId`) inside `tx`; they then answer 1000002. */
    async revokeAll(userId: string, reason: 'passwordChanged', at: Date, tx: DbOrTx, exceptId?: string) {
      await createSessionRepo(tx).revokeUserSessions(userId, reason, at, exceptId);
      await d.changes.userChanged(userId, tx);
    },

    /** When the session was created (its login time), or null. */
    loginTime: (sessionId: string) => repo.sessionCreatedAt(sessionId),

    /** Account deletion: every session ends and is scrubbed, the throttling counters of the addresses go. */
    async forgetUser(userId: string, addresses: string[], at: Date, tx: DbOrTx) {
      const r = createSessionRepo(tx);
      await r.endAndScrub(userId, at);
      await d.changes.userChanged(userId, tx);
      if (addresses.length) await r.clearThrottles(addresses.map((a) => `account:${a.toLowerCase()}`));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
