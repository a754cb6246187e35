/**
 * Device sign-in of CAD clients (docs/protocol.md#device-sign-in), the device
 * authorization grant of RFC 8628: the client starts and polls; the user, signed
 * in to the portal (with the second step when two-step verification is on),
 * approves or denies at /device. Device and user codes are stored as SHA-256.
 */
import { randomInt } from 'node:crypto';
import { Code, type TCode } from '@ac/protocol/codes';
import {
  DEVICE_CODE_TTL_SECONDS,
  DEVICE_PAGE_PATH,
  DEVICE_POLL_INTERVAL_SECONDS,
  DEVICE_POLL_SLOW_DOWN_SECONDS,
  formatUserCode,
  normalizeUserCode,
  type TDeviceSignInRequestView,
  type TDeviceSignInStartResponse,
  USER_CODE_ALPHABET,
  USER_CODE_LENGTH,
} from '@ac/protocol/device-sign-in';
import type { TLoginResponse } from '@ac/protocol/session';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, iso, SECOND } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LoginRequest, SessionService } from '../session/session.service.ts';
import { createDeviceSignInRepo, type DeviceSignInRow } from './device-sign-in.repo.ts';

type Deps = {
  db: Db;
  sessions: Pick<
    SessionService,
    'loginApprovedDevice' | 'beginCodeGuess' | 'codeGuessSucceeded' | 'requireFreshSecondFactor' | 'isLive'
  >;
  audit: AuditService;
  /** PUBLIC_URL and the region's base path: where the user enters the code. */
  webUrl: string;
  now?: () => Date;
};

type Origin = { ip: string; requestId: string };

/** 8 letters of the unambiguous alphabet, from a CSPRNG. */
function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

const userCodeHash = (code: string) => sha256Hex(`userCode:${normalizeUserCode(code)}`);

/** What one poll found, decided inside the row's lock and acted on after it. */
type PollOutcome =
  | { kind: 'refused'; code: TCode; detail?: string; interval?: number }
  | { kind: 'approved'; userId: string; interval?: undefined };

export function createDeviceSignInService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createDeviceSignInRepo(d.db);
  const verificationUri = `${d.webUrl}${DEVICE_PAGE_PATH}`;

  /** Decides one poll of a locked row: the terminal states first, then the interval. */
  function outcomeOf(row: DeviceSignInRow | null, at: Date): PollOutcome {
    if (!row || row.usedAt) return { kind: 'refused', code: Code.deviceCodeInvalid };
    if (row.expiresAt <= at) return { kind: 'refused', code: Code.deviceSignInExpired };
    if (row.decision === 'denied') return { kind: 'refused', code: Code.deviceSignInDenied };
    if (row.decision === 'approved' && row.userId) return { kind: 'approved', userId: row.userId };
    const early = row.lastPolledAt && at.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * SECOND;
    if (early) {
      const interval = row.intervalSeconds + DEVICE_POLL_SLOW_DOWN_SECONDS;
      return { kind: 'refused', code: Code.deviceSignInSlowDown, detail: `interval ${interval} s`, interval };
    }
    return { kind: 'refused', code: Code.deviceSignInPending, interval: row.intervalSeconds };
  }

  /** The pending request of a user code, counted as a guess (throttled per account and IP) until found. */
  async function pendingOf(session: AuthSession, userCode: string, origin: Origin) {
    await d.sessions.beginCodeGuess(session.userId, origin.ip);
    const row = await repo.findPending(userCodeHash(userCode), now());
    if (!row) throw new AppError(Code.userCodeInvalid);
    await d.sessions.codeGuessSucceeded(session.userId, origin.ip);
    return row;
  }

  return {
    /** The scheduled purge: rows a day after they expired; returns how many went. */
    purgeExpired: () => repo.deleteExpiredBefore(addMs(now(), -DAY)),

    /** A new device sign-in for the calling client: its codes, where the user goes, how often to poll. */
    async start(deviceName: string, r: LoginRequest): Promise<TDeviceSignInStartResponse> {
      const at = now();
      const deviceCode = randomToken();
      let userCode = newUserCode();
      const row = {
        deviceCodeHash: sha256Hex(deviceCode),
        clientType: r.clientInfo.clientType,
        clientVersion: r.clientInfo.clientVersion,
        channelCode: r.clientInfo.channelCode ?? null,
        deviceId: r.clientInfo.deviceId ?? null,
        deviceName,
        ip: r.ip,
        userAgent: r.userAgent?.slice(0, 512) ?? null,
        createdAt: at,
        expiresAt: addMs(at, DEVICE_CODE_TTL_SECONDS * SECOND),
        intervalSeconds: DEVICE_POLL_INTERVAL_SECONDS,
      };
      // 20^8 codes: a clash with a stored one is rare, and then another is drawn
      while (!(await repo.insert({ ...row, userCodeHash: userCodeHash(userCode) }))) userCode = newUserCode();
      await d.audit.record({
        event: 'deviceSignIn.started',
        ip: r.ip,
        requestId: r.requestId,
        detail: { clientType: r.clientInfo.clientType },
      });
      const shown = formatUserCode(userCode);
      return {
        deviceCode,
        userCode: shown,
        verificationUri,
        verificationUriComplete: `${verificationUri}?code=${encodeURIComponent(shown)}`,
        expiresIn: DEVICE_CODE_TTL_SECONDS,
        interval: DEVICE_POLL_INTERVAL_SECONDS,
      };
    },

    /**
     * One poll of the client: pending, slow down (the interval grows by 5 s),
     * denied, expired, unknown or used — or, once approved, its session, once:
     * the row is locked and marked used before the session is made, so of two
     * polls at once one gets the session and the other 2700005.
     */
    async poll(deviceCode: string, r: LoginRequest): Promise<TLoginResponse> {
      const at = now();
      const outcome = await d.db.transaction(async (tx) => {
        const txRepo = createDeviceSignInRepo(tx);
        const row = await txRepo.lockByDeviceCode(sha256Hex(deviceCode));
        let found = outcomeOf(row, at);
        if (!row) return { found, row };
        if (found.kind === 'approved') {
          // the approval holds while the session that gave it lives (not after a sign-out or a password change)
          if (!(await d.sessions.isLive(row.approvedBySessionId)))
            found = { kind: 'refused', code: Code.deviceSignInDenied };
          await txRepo.markUsed(row.id, at);
        } else if (found.interval !== undefined) await txRepo.polled(row.id, at, found.interval);
        return { found, row };
      });
      const { found, row } = outcome;
      if (found.kind === 'refused') throw new AppError(found.code, found.detail);
      // the session is of the client that started (its type, version, channel and device id)
      return d.sessions.loginApprovedDevice(found.userId, {
        ...r,
        clientInfo: {
          ...r.clientInfo,
          clientType: row!.clientType,
          clientVersion: row!.clientVersion,
          channelCode: row!.channelCode ?? undefined,
          deviceId: row!.deviceId ?? undefined,
        },
      });
    },

    /** The device page: what is asking to be signed in with this user code. */
    async lookup(session: AuthSession, userCode: string, origin: Origin): Promise<TDeviceSignInRequestView> {
      const row = await pendingOf(session, userCode, origin);
      return {
        userCode: formatUserCode(userCode),
        clientType: row.clientType,
        clientVersion: row.clientVersion,
        deviceName: row.deviceName,
        ip: row.ip,
        requestedAt: iso(row.createdAt),
        expiresAt: iso(row.expiresAt),
      };
    },

    /** Approves (after a fresh second factor when two-step verification is on) or denies a pending request. */
    async decide(session: AuthSession, userCode: string, decision: 'approved' | 'denied', origin: Origin) {
      if (decision === 'approved') await d.sessions.requireFreshSecondFactor(session);
      const row = await pendingOf(session, userCode, origin);
      if (!(await repo.decide(row.userCodeHash, session, decision, now()))) {
        throw new AppError(Code.userCodeInvalid);
      }
      await d.audit.record({
        event: `deviceSignIn.${decision}`,
        userId: session.userId,
        ...origin,
        detail: { clientType: row.clientType },
      });
    },
  };
}
export type DeviceSignInService = ReturnType<typeof createDeviceSignInService>;
