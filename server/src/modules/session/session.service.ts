/**
 * Sessions (docs/protocol.md#sessions): opaque random tokens stored hashed, sliding expiry,
 * revocation; password and code logins with throttling (docs/protocol.md#throttling-and-rate-limits).
 */
import { Code } from '@ac/protocol/codes';
import type { TClientInfo } from '@ac/protocol/envelope';
import type { AuthSession } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/hashing.ts';
import { addMs, DAY, MINUTE, SECOND } from '../../lib/time.ts';
import type { SessionRepo } from './session.repo.ts';

export const SESSION_TTL_MS = DAY;
const TOUCH_EVERY_MS = MINUTE;
const ACCOUNT_FREE_FAILURES = 4;
const IP_FREE_FAILURES = 19;
const FIRST_DELAY_MS = 30 * SECOND;
const MAX_DELAY_MS = 15 * MINUTE;

export type LoginOrigin = { clientInfo: TClientInfo; ip: string; userAgent: string | undefined };
type User = NonNullable<Awaited<ReturnType<SessionRepo['findUserByAccount']>>>;

export function lockDelayMs(failures: number, freeFailures: number): number {
  if (failures <= freeFailures) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - freeFailures - 1), MAX_DELAY_MS);
}

export function createSessionService(repo: SessionRepo, now: () => Date = () => new Date()) {
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

  async function finishLogin(user: User, origin: LoginOrigin, newHash?: string) {
    if (!user.isActivate) throw new AppError(Code.accountNotActivated);
    await repo.recordLogin(user.id, now(), newHash);
    const utoken = await createSession(user.id, origin);
    return { utoken, userId: user.id };
  }

  return {
    createSession,

    async loginWithPassword(account: string, password: string, origin: LoginOrigin) {
      const { accountKey, ipKey } = throttleKeys(account, origin.ip);
      await assertNotLocked([accountKey, ipKey]);
      const user = await repo.findUserByAccount(account);
      const check = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user?.passwordHash || !check.ok) {
        await recordFailure(accountKey, ipKey);
        throw new AppError(Code.loginFailed);
      }
      await repo.clearThrottle(accountKey);
      const newHash = check.needsRehash ? await hashPassword(password) : undefined;
      return finishLogin(user, origin, newHash);
    },

    /** Logs in after the caller has verified a login code sent to `account`. */
    async loginWithVerifiedAccount(account: string, origin: LoginOrigin) {
      const user = await repo.findUserByAccount(account);
      if (!user) throw new AppError(Code.codeInvalid);
      return finishLogin(user, origin);
    },

    async assertLoginAllowed(account: string, ip: string) {
      const { accountKey, ipKey } = throttleKeys(account, ip);
      await assertNotLocked([accountKey, ipKey]);
    },

    async recordLoginFailure(account: string, ip: string) {
      const { accountKey, ipKey } = throttleKeys(account, ip);
      await recordFailure(accountKey, ipKey);
    },

    /** The live session of a token, or the session code explaining why there is none. */
    async resolve(token: string | undefined): Promise<AuthSession> {
      if (!token || token.length > 128) throw new AppError(Code.sessionExpired);
      const row = await repo.findSessionByTokenHash(sha256Hex(token));
      if (!row) throw new AppError(Code.sessionExpired);
      if (row.revokedAt) {
        throw new AppError(row.revokeReason === 'replaced' ? Code.sessionReplaced : Code.sessionRevoked);
      }
      const at = now();
      if (row.expiresAt <= at) throw new AppError(Code.sessionExpired);
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await repo.touchSession(row.id, at, addMs(at, SESSION_TTL_MS));
      }
      return { sessionId: row.id, userId: row.userId, token };
    },

    async logout(session: AuthSession) {
      await repo.revokeSession(session.sessionId, 'logout', now());
    },

    async revokeOtherSessions(userId: string, reason: 'passwordChanged' | 'deleted', exceptId?: string) {
      await repo.revokeUserSessions(userId, reason, now(), exceptId);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
