/**
 * Sessions (docs/protocol.md#sessions): opaque random tokens stored hashed, sliding expiry,
 * revocation; password and code logins with throttling (docs/protocol.md#throttling-and-rate-limits).
 */

import { ACTIVITY_DAYS } from '@ac/protocol/activity';
import { isPortalClientType } from '@ac/protocol/client-types';
import { Code } from '@ac/protocol/codes';
import { normalizeMobile } from '@ac/protocol/common';
import type { TActiveSession } from '@ac/protocol/devices';
import type { TClientInfo } from '@ac/protocol/envelope';
import { HANDOVER_TTL_SECONDS, type THandoverResponse, type TLoginResponse } from '@ac/protocol/session';
import {
  FRESH_SECOND_FACTOR_MINUTES,
  type TLoginAnswer,
  type TPasskeyOptions,
  type TSecondFactorMethod,
} from '@ac/protocol/two-factor';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthSession } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/hashing.ts';
import { addMs, DAY, iso, MINUTE, SECOND } from '../../lib/time.ts';
import type { UserChanges } from '../../lib/user-changes.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { NodeDirectory } from '../nodes/node-directory.ts';
import type { SecondFactorService } from '../second-factor/second-factor.service.ts';
import { member, type Subject } from '../second-factor/subject.ts';
import type { UserRow, UserService } from '../user/user.service.ts';
import { ACTIVITY_LOG_EVENTS, type ActivityService } from './activity.service.ts';
import { createSessionRepo, type RevokeReason, type SessionTarget, type ThrottleRule } from './session.repo.ts';
import type { SessionSnapshots } from './session-snapshots.ts';
import type { UserInfoService } from './user-info.service.ts';

export const SESSION_TTL_MS = DAY;
/** However often it is used, a session ends this long after its login (SESSION_MAX_AGE_DAYS). */
export const DEFAULT_SESSION_MAX_AGE_DAYS = 30;
/** Security changes (unbinding, moving the email or mobile) need a login younger than this (docs/protocol.md#throttling-and-rate-limits). */
export const RECENT_LOGIN_MS = 15 * MINUTE;
const TOUCH_EVERY_MS = MINUTE;
/**
 * Failures before a lock: per account and IP (the usual guesser), and per
 * account from every address (a distributed one). Never per IP alone: one
 * address can be a whole office behind a proxy.
 */
const PAIR_FREE_FAILURES = 4;
const ACCOUNT_FREE_FAILURES = 19;
const FIRST_DELAY_MS = 30 * SECOND;
const MAX_DELAY_MS = 15 * MINUTE;
/** Failures are forgotten once the last one and the lock's end are this old. */
export const FAILURE_DECAY_MS = 15 * MINUTE;
export const throttleRule = (free: number): ThrottleRule => ({
  free,
  decayMs: FAILURE_DECAY_MS,
  firstDelayMs: FIRST_DELAY_MS,
  maxDelayMs: MAX_DELAY_MS,
});
/** Failure counters idle this long (and not locking) are purged: the count starts again. */
export const THROTTLE_IDLE_MS = DAY;

export type LoginOrigin = { clientInfo: TClientInfo; ip: string; userAgent: string | undefined };
/**
 * A login request: where it came from, and its id for the security log;
 * whether a browser sent it (it can do a second step; a CAD client cannot,
 * docs/decisions/0036-two-factor.md) and its trusted-browser cookie.
 */
export type LoginRequest = LoginOrigin & { requestId: string; browser?: boolean; trustToken?: string };
/** How the first factor was given (kept with a second-step ticket, for the security log). */
export type LoginMethod = 'password' | 'code' | `third:${string}`;
/** `enrol`: the ticket only sets up the authenticator app the member's company requires (two-factor module). */
export type TicketContext = { method: LoginMethod; enrol?: true };

type Deps = {
  db: Db;
  users: Pick<UserService, 'findByAccount' | 'findLive' | 'recordLogin'>;
  userInfo: Pick<UserInfoService, 'publicUserInfo'>;
  codes: Pick<CodesService, 'verify'>;
  secondFactors: Pick<
    SecondFactorService,
    | 'isEnabled'
    | 'methods'
    | 'passkeys'
    | 'ticketSubject'
    | 'isTrustedBrowser'
    | 'issueTicket'
    | 'completeTicket'
    | 'completeTicketWithPasskey'
    | 'trustBrowser'
    | 'forgetTrustedBrowsers'
    | 'forget'
  >;
  audit: Pick<AuditService, 'record' | 'findOwn'>;
  /** Told of every successful sign-in before it is recorded: the new-sign-in alert (activity.service.ts). */
  activity?: Pick<ActivityService, 'signedIn'>;
  /** Whether the member's company requires two-factor (an account without it enrols before its session). */
  companies?: Pick<CompanyService, 'twoFactorRequiredBy'>;
  /** The cached session → user snapshots resolve reads (session-snapshots.ts). */
  snapshots: Pick<SessionSnapshots, 'get' | 'touched'>;
  /** Told of every session this service ends, so no instance's cache serves it any more. */
  changes: UserChanges;
  /** When given, a failed login of an account living on another node answers 0300069 naming that node. */
  nodeDirectory?: Pick<NodeDirectory, 'elsewhere'>;
  /** The absolute lifetime from the login (default 30 days). */
  maxAgeDays?: number;
  now?: () => Date;
};

/** What the security log keeps of a login request: where from, which client and browser. */
const logged = (r: LoginRequest) => ({
  ip: r.ip,
  requestId: r.requestId,
  userAgent: r.userAgent ?? null,
  clientType: r.clientInfo.clientType,
});

export function createSessionService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createSessionRepo(d.db);
  const maxAgeMs = (d.maxAgeDays ?? DEFAULT_SESSION_MAX_AGE_DAYS) * DAY;
  /** 24 hours after `at`, but never past the login's absolute lifetime. */
  const expiryAfter = (at: Date, loginAt: Date) =>
    new Date(Math.min(at.getTime() + SESSION_TTL_MS, loginAt.getTime() + maxAgeMs));

  /**
   * `loginAt`: the login time a handed-over session keeps (default now);
   * `secondFactorAt`: when the login proved a second factor.
   */
  async function createSession(userId: string, origin: LoginOrigin, loginAt?: Date, secondFactorAt?: Date) {
    // every login ends here (password, code, second step, handover, third party): a blocked account gets none
    if ((await d.users.findLive(userId))?.blockedAt) throw new AppError(Code.accountBlocked);
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
      createdAt: loginAt ?? at,
      lastSeenAt: at,
      expiresAt: expiryAfter(at, loginAt ?? at),
      secondFactorAt: secondFactorAt ?? null,
    });
    return token;
  }

  /** 0000006 with the seconds left while `key` is locked. */
  async function lockedError(key: string) {
    const row = await repo.findThrottle(key);
    const left = row?.lockedUntil ? row.lockedUntil.getTime() - now().getTime() : 0;
    return new AppError(Code.tooManyRequests, `retry in ${Math.max(1, Math.ceil(left / 1000))} s`);
  }

  /**
   * Counts the attempt against the account and the IP before the secret is
   * checked (so a burst cannot exceed the budget); 0000006 while either is
   * locked, and then nothing is counted.
   */
  async function beginAttempt(account: string, ip: string) {
    const { accountKey, pairKey } = throttleKeys(account, ip);
    if ((await repo.countAttempt(pairKey, now(), throttleRule(PAIR_FREE_FAILURES))) === null) {
      throw await lockedError(pairKey);
    }
    if ((await repo.countAttempt(accountKey, now(), throttleRule(ACCOUNT_FREE_FAILURES))) === null) {
      await repo.releaseAttempt(pairKey);
      throw await lockedError(accountKey);
    }
  }

  /** The secret was right: the failures from this address are cleared, the attempt taken back from the account's. */
  async function attemptSucceeded(account: string, ip: string) {
    const { accountKey, pairKey } = throttleKeys(account, ip);
    await repo.clearThrottle(pairKey);
    await repo.releaseAttempt(accountKey);
  }

  /**
   * `account:<a>` and `account:<a>|ip:<ip>`: every key of an account starts with its account key.
   * `<a>` is the account as the lookup reads it (a mobile in E.164, an e-mail in lower case), so
   * every spelling of one number (`138 0000 0000`, `+86-138…`, `(138) 0000 0000`) shares one budget.
   */
  function throttleKeys(account: string, ip: string) {
    const accountKey = `account:${normalizeMobile(account) ?? account.trim().toLowerCase()}`;
    return { accountKey, pairKey: `${accountKey}|ip:${ip}` };
  }

  /**
   * The first factor was right: a session — or, for an account with two-factor
   * on and a browser it does not trust, a second-step ticket (a CAD client,
   * which cannot show the second step, is refused with 1600003).
   */
  async function finishLogin(user: UserRow, r: LoginRequest, method: LoginMethod, newHash?: string) {
    if (!user.isActivate) throw new AppError(Code.accountNotActivated);
    const subject = member(user.id);
    if (
      (await d.secondFactors.isEnabled(subject)) &&
      !(await d.secondFactors.isTrustedBrowser(subject, r.trustToken))
    ) {
      if (!r.browser) throw new AppError(Code.twoFactorUseDeviceSignIn);
      const context: TicketContext = { method };
      const { ticket, expiresAt } = await d.secondFactors.issueTicket(subject, context);
      await d.audit.record({
        event: 'login.secondStepRequired',
        userId: user.id,
        ip: r.ip,
        requestId: r.requestId,
        detail: { method },
      });
      const methods = await d.secondFactors.methods(subject);
      return { userId: user.id, answer: { secondStep: { ticket, expiresAt, methods } } };
    }
    const companyName = await d.companies?.twoFactorRequiredBy(user.id);
    if (companyName && !(await d.secondFactors.isEnabled(subject))) {
      // the company requires two-factor and the account has none: it is set up before any session
      if (!r.browser) throw new AppError(Code.twoFactorUseDeviceSignIn);
      const context: TicketContext = { method, enrol: true };
      const { ticket, expiresAt } = await d.secondFactors.issueTicket(subject, context);
      await d.audit.record({
        event: 'login.enrolmentRequired',
        userId: user.id,
        ip: r.ip,
        requestId: r.requestId,
        detail: { method },
      });
      return { userId: user.id, answer: { enrolTwoFactor: { ticket, expiresAt, companyName } } };
    }
    await d.users.recordLogin(user.id, now(), newHash);
    const utoken = await createSession(user.id, r);
    await d.activity?.signedIn(user.id, r);
    return { userId: user.id, answer: { utoken, userInfo: await d.userInfo.publicUserInfo(user.id) } };
  }

  async function loginWithPassword(account: string, password: string, r: LoginRequest) {
    await beginAttempt(account, r.ip);
    const user = await d.users.findByAccount(account);
    const check = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user?.passwordHash || !check.ok) throw new AppError(Code.loginFailed);
    await attemptSucceeded(account, r.ip);
    const newHash = check.needsRehash ? await hashPassword(password) : undefined;
    return finishLogin(user, r, 'password', newHash);
  }

  /** 1000001 (or a wrong code) for an account that lives on another node becomes 0300069 with that node's code as detail. */
  async function onOtherNode(e: unknown, account: string) {
    const failed = e instanceof AppError && (e.code === Code.loginFailed || e.code === Code.codeInvalid);
    if (!failed || !d.nodeDirectory) return e;
    const node = await d.nodeDirectory.elsewhere(account);
    return node ? new AppError(Code.accountOnOtherNode, node.code) : e;
  }

  /**
   * Ends the live sessions of `target` (inside `tx` when given): the one way
   * any session ends, so what must follow an end (e.g. dropping cached
   * snapshots of it) is added here once. `replaced` answers 1000008, the
   * other reasons 1000002. Returns the ids ended.
   */
  async function endSessions(target: SessionTarget, reason: RevokeReason, tx?: DbOrTx, at = now()) {
    const ended = await createSessionRepo(tx ?? d.db).endSessions(target, reason, at);
    if (ended.length) await d.changes.userChanged(target.userId, tx);
    return ended;
  }

  /**
   * A failed password or code login, recorded for the account it targeted when
   * that account exists (its activity shows it), else with no user.
   */
  async function recordFailure(account: string, method: 'password' | 'code', r: LoginRequest) {
    const target = await d.users.findByAccount(account).catch(() => null);
    await d.audit.record({ event: 'login.failed', userId: target?.id ?? null, ...logged(r), detail: { method } });
  }

  /** Live sessions started after this instant (the absolute lifetime). */
  const liveSince = (at: Date) => new Date(at.getTime() - maxAgeMs);

  /** The user's live sessions, newest login first; `currentId` marks the caller's. */
  async function liveOf(userId: string, currentId?: string): Promise<TActiveSession[]> {
    const at = now();
    const rows = await repo.liveSessions(userId, at, liveSince(at));
    return rows.map((r) => ({
      id: r.id,
      clientType: r.clientType,
      clientVersion: r.clientVersion,
      portal: isPortalClientType(r.clientType) && !r.deviceId,
      device: r.deviceId ? { id: r.deviceId, name: r.deviceName ?? '', model: r.deviceModel ?? '' } : null,
      ip: r.ip,
      userAgent: r.userAgent,
      startedAt: iso(r.createdAt),
      lastSeenAt: iso(r.lastSeenAt),
      current: r.id === currentId,
    }));
  }

  /** Wrong user codes of device sign-ins (docs/protocol.md#device-sign-in): per account and per IP, like logins. */
  function guessKeys(userId: string, ip: string) {
    return { userKey: `userCode:user:${userId}`, ipKey: `userCode:ip:${ip}` };
  }

  /** Finishes a second step (a code or a passkey, `complete`): a session with its second factor proven. */
  async function secondStep(
    complete: () => Promise<{ subject: Subject; context: unknown; method: TSecondFactorMethod }>,
    trustBrowser: boolean,
    r: LoginRequest,
  ) {
    let done: Awaited<ReturnType<typeof complete>>;
    try {
      done = await complete();
    } catch (e) {
      await d.audit.record({ event: 'login.failed', ...logged(r), detail: { method: 'secondStep' } });
      throw e;
    }
    const user = done.subject.kind === 'member' ? await d.users.findLive(done.subject.id) : null;
    if (!user?.isActivate) throw new AppError(Code.secondStepExpired);
    const at = now();
    await d.users.recordLogin(user.id, at);
    const utoken = await createSession(user.id, r, undefined, at);
    await d.activity?.signedIn(user.id, r);
    const trust = trustBrowser ? await d.secondFactors.trustBrowser(done.subject) : null;
    const { method } = done.context as TicketContext;
    await d.audit.record({
      event: `login.${method.startsWith('third:') ? 'third' : method}`,
      userId: user.id,
      ...logged(r),
      detail: { secondFactor: done.method, trustBrowser, method },
    });
    const answer: TLoginResponse = { utoken, userInfo: await d.userInfo.publicUserInfo(user.id) };
    return { answer, trust };
  }

  return {
    createSession,
    endSessions,
    beginAttempt,
    attemptSucceeded,
    /**
     * Counts a user-code guess of the device page before it is checked: 0000006
     * while the account (from its 5th wrong code) or the IP (from its 20th) is locked.
     */
    async beginCodeGuess(userId: string, ip: string) {
      const { userKey, ipKey } = guessKeys(userId, ip);
      if ((await repo.countAttempt(userKey, now(), throttleRule(PAIR_FREE_FAILURES))) === null) {
        throw await lockedError(userKey);
      }
      if ((await repo.countAttempt(ipKey, now(), throttleRule(ACCOUNT_FREE_FAILURES))) === null) {
        await repo.releaseAttempt(userKey);
        throw await lockedError(ipKey);
      }
    },
    /** The user code was right: the guess is taken back from both counts. */
    async codeGuessSucceeded(userId: string, ip: string) {
      const { userKey, ipKey } = guessKeys(userId, ip);
      await repo.releaseAttempt(userKey);
      await repo.releaseAttempt(ipKey);
    },

    /**
     * A CAD client's device sign-in was approved (docs/protocol.md#device-sign-in):
     * its session, created like the session of a client's own login, of the
     * client type, version, channel and device id the client started with.
     */
    async loginApprovedDevice(userId: string, r: LoginRequest): Promise<TLoginResponse> {
      const user = await d.users.findLive(userId);
      if (!user?.isActivate) throw new AppError(Code.deviceCodeInvalid);
      await d.users.recordLogin(user.id, now());
      const utoken = await createSession(user.id, r);
      await d.audit.record({
        event: 'login.device',
        userId: user.id,
        ip: r.ip,
        requestId: r.requestId,
        detail: { clientType: r.clientInfo.clientType },
      });
      return { utoken, userInfo: await d.userInfo.publicUserInfo(user.id) };
    },
    /** A bound third-party identity logged in: a session, or the second step (finishLogin). */
    async loginAs(userId: string, r: LoginRequest, method: LoginMethod): Promise<TLoginAnswer> {
      const user = await d.users.findLive(userId);
      if (!user) throw new AppError(Code.sessionExpired);
      return (await finishLogin(user, r, method)).answer;
    },

    /** Password login: the new session's token and the user, or the second step. */
    async login(account: string, password: string, r: LoginRequest): Promise<TLoginAnswer> {
      try {
        const { userId, answer } = await loginWithPassword(account, password, r);
        if ('utoken' in answer) await d.audit.record({ event: 'login.password', userId, ...logged(r) });
        return answer;
      } catch (e) {
        await recordFailure(account, 'password', r);
        throw await onOtherNode(e, account);
      }
    },

    /** Login with a code of purpose `login` sent to the account's email or mobile. */
    async loginByCode(given: string, code: string, r: LoginRequest): Promise<TLoginAnswer> {
      const account = given.includes('@') ? given.toLowerCase() : given;
      await beginAttempt(account, r.ip);
      try {
        await d.codes.verify('login', account, code);
      } catch (e) {
        await recordFailure(account, 'code', r);
        throw await onOtherNode(e, account);
      }
      await attemptSucceeded(account, r.ip);
      const user = await d.users.findByAccount(account);
      if (!user) throw new AppError(Code.codeInvalid);
      const { userId, answer } = await finishLogin(user, r, 'code');
      if ('utoken' in answer) await d.audit.record({ event: 'login.code', userId, ...logged(r) });
      return answer;
    },

    /**
     * The second step of a login (docs/protocol.md#two-factor): the ticket and
     * a factor give a session that has just proven a second factor;
     * `trustBrowser` also answers a token for the trusted-browser cookie.
     */
    async loginSecondStep(ticket: string, code: string, trustBrowser: boolean, r: LoginRequest) {
      return secondStep(() => d.secondFactors.completeTicket(ticket, code), trustBrowser, r);
    },

    /** The second step with a passkey: options for the ticket's account's passkeys. */
    async passkeySecondStepOptions(ticket: string): Promise<TPasskeyOptions> {
      const subject = await d.secondFactors.ticketSubject(ticket);
      return d.secondFactors.passkeys.authenticationOptions('secondStep', subject);
    },

    /** The second step with a passkey assertion instead of a code (loginSecondStep). */
    async loginSecondStepPasskey(
      ticket: string,
      challengeId: string,
      response: AuthenticationResponseJSON,
      trustBrowser: boolean,
      r: LoginRequest,
    ) {
      return secondStep(
        () => d.secondFactors.completeTicketWithPasskey(ticket, challengeId, response),
        trustBrowser,
        r,
      );
    },

    /** Passwordless sign-in: options for any discoverable passkey of this portal. */
    passkeyLoginOptions: () => d.secondFactors.passkeys.authenticationOptions('login', null),

    /**
     * Passwordless sign-in with a passkey (docs/decisions/0047-passkeys.md):
     * a user-verified assertion of a member's passkey is both factors, so the
     * session starts with its second factor proven. Each attempt is counted
     * like a password login of the passkey's account (an unknown passkey
     * under its credential id) before it is checked.
     */
    async passkeyLogin(challengeId: string, response: AuthenticationResponseJSON, r: LoginRequest) {
      const { ip } = r;
      const row = await d.secondFactors.passkeys.findByCredential(response.id);
      const owner = row?.subjectKind === 'member' ? await d.users.findLive(row.subjectId) : null;
      const account = owner ? (owner.email ?? owner.mobile ?? owner.id) : `passkey:${response.id.slice(0, 128)}`;
      await beginAttempt(account, ip);
      let subjectId: string;
      try {
        const assertion = await d.secondFactors.passkeys.verifyAssertion('login', challengeId, response, null);
        if (assertion.subject.kind !== 'member' || !assertion.userVerified) throw new AppError(Code.passkeyInvalid);
        subjectId = assertion.subject.id;
      } catch (e) {
        await d.audit.record({
          event: 'login.failed',
          userId: owner?.id ?? null,
          ...logged(r),
          detail: { method: 'passkey' },
        });
        throw e;
      }
      await attemptSucceeded(account, ip);
      const user = await d.users.findLive(subjectId);
      if (!user) throw new AppError(Code.passkeyInvalid);
      if (!user.isActivate) throw new AppError(Code.accountNotActivated);
      const at = now();
      await d.users.recordLogin(user.id, at);
      const utoken = await createSession(user.id, r, undefined, at);
      await d.activity?.signedIn(user.id, r);
      await d.audit.record({ event: 'login.passkey', userId: user.id, ...logged(r) });
      const answer: TLoginResponse = { utoken, userInfo: await d.userInfo.publicUserInfo(user.id) };
      return answer;
    },

    /** Whether the session of this id lives (not ended, not expired); false for null. */
    async isLive(sessionId: string | null) {
      const row = sessionId ? await repo.findSessionById(sessionId) : null;
      const at = now();
      return Boolean(row && !row.revokedAt && row.expiresAt > at && at.getTime() - row.createdAt.getTime() < maxAgeMs);
    },

    /** The session proved a second factor now (twoFactor.verify). */
    markSecondFactor: (sessionId: string) => repo.setSecondFactorAt(sessionId, now()),

    /** Whether the session proved a second factor within FRESH_SECOND_FACTOR_MINUTES. */
    async hasFreshSecondFactor(sessionId: string) {
      const at = await repo.sessionSecondFactorAt(sessionId);
      return at !== null && now().getTime() - at.getTime() <= FRESH_SECOND_FACTOR_MINUTES * MINUTE;
    },

    /**
     * Security changes (password, e-mail, mobile, two-factor settings) of an
     * account with two-factor on need a fresh second factor: 1600004 otherwise.
     */
    async requireFreshSecondFactor(session: AuthSession) {
      if (!(await d.secondFactors.isEnabled(member(session.userId)))) return;
      const at = await repo.sessionSecondFactorAt(session.sessionId);
      if (at === null || now().getTime() - at.getTime() > FRESH_SECOND_FACTOR_MINUTES * MINUTE) {
        throw new AppError(Code.secondFactorRequired);
      }
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
      if (row.expiresAt <= at || at.getTime() - row.createdAt.getTime() >= maxAgeMs) {
        throw new AppError(Code.sessionExpired);
      }
      if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const expiresAt = expiryAfter(at, row.createdAt);
        await repo.touchSession(row.id, at, expiresAt);
        d.snapshots.touched(tokenHash, at, expiresAt);
      }
      return { sessionId: row.id, userId: row.userId, token };
    },

    /** A one-time code (60 s, stored hashed) that opens the portal as this session's user. */
    async createHandover(session: AuthSession, origin: { ip: string; requestId: string }): Promise<THandoverResponse> {
      const code = randomToken();
      const at = now();
      const source = await repo.findSessionById(session.sessionId);
      if (!source) throw new AppError(Code.sessionExpired);
      await repo.deleteHandoversExpiredBefore(addMs(at, -DAY));
      await repo.insertHandover({
        codeHash: sha256Hex(code),
        userId: session.userId,
        sourceSessionId: session.sessionId,
        loginAt: source.createdAt,
        createdAt: at,
        expiresAt: addMs(at, HANDOVER_TTL_SECONDS * SECOND),
      });
      await d.audit.record({ event: 'session.handover', userId: session.userId, ...origin });
      return { code };
    },

    /**
     * A new session for the user of a handover code: once, within 60 s, while
     * the session that created it lives; 0000005 otherwise. It keeps that
     * session's login time.
     */
    async exchangeHandover(code: string, r: LoginRequest): Promise<TLoginResponse> {
      const at = now();
      const handover = await repo.useHandover(sha256Hex(code), at);
      const source = handover && (await repo.findSessionById(handover.sourceSessionId));
      const live = source && !source.revokedAt && source.expiresAt > at;
      const user = live ? await d.users.findLive(handover.userId) : null;
      if (!handover || !user?.isActivate) throw new AppError(Code.sessionExpired);
      const utoken = await createSession(user.id, r, handover.loginAt);
      await d.audit.record({ event: 'login.handover', userId: user.id, ip: r.ip, requestId: r.requestId });
      return { utoken, userInfo: await d.userInfo.publicUserInfo(user.id) };
    },

    async logout(session: AuthSession, origin: { ip: string; requestId: string }) {
      await endSessions({ userId: session.userId, ids: [session.sessionId] }, 'logout');
      await d.audit.record({ event: 'logout', userId: session.userId, ...origin });
    },

    /**
     * A new password: every live session of the user (but `exceptId`) ends inside `tx`
     * (they then answer 1000002) and no browser is trusted to skip the second step any more.
     */
    async revokeAll(userId: string, reason: 'passwordChanged', at: Date, tx: DbOrTx, exceptId?: string) {
      await endSessions({ userId, exceptId }, reason, tx, at);
      await d.secondFactors.forgetTrustedBrowsers(member(userId), tx);
    },

    /**
     * Ties the session to the device its CAD client reported (inside `tx`,
     * the user's row locked by the caller) and keeps at most `maxClients` live
     * client sessions: the oldest logins beyond are replaced (1000008).
     * Returns the ids replaced.
     */
    async attachDevice(session: AuthSession, deviceId: string, maxClients: number, tx: DbOrTx) {
      const r = createSessionRepo(tx);
      await r.setReportedDevice(session.sessionId, deviceId);
      const at = now();
      const live = await r.liveSessions(session.userId, at, liveSince(at), { clientsOnly: true });
      // newest first; the reporting session always stays
      const keep = new Set([
        session.sessionId,
        ...live
          .filter((s) => s.id !== session.sessionId)
          .slice(0, maxClients - 1)
          .map((s) => s.id),
      ]);
      const over = live.filter((s) => !keep.has(s.id)).map((s) => s.id);
      return endSessions({ userId: session.userId, ids: over }, 'replaced', tx, at);
    },

    /** The user's live sessions, browsers and CAD clients, newest login first. */
    listActive: (session: AuthSession): Promise<TActiveSession[]> => liveOf(session.userId, session.sessionId),
    /** The same list for the console's user view (no session of it is the caller's). */
    liveOf: (userId: string) => liveOf(userId),

    /** Signs out one other live session of the user (its next call answers 1000002); 1500003 when there is none. */
    async signOut(session: AuthSession, id: string, origin: { ip: string; requestId: string }) {
      const ended = await endSessions({ userId: session.userId, ids: [id] }, 'signedOut');
      if (!ended.length) throw new AppError(Code.sessionNotFound);
      await d.audit.record({
        event: 'session.signedOut',
        userId: session.userId,
        ...origin,
        detail: { sessionId: id },
      });
    },

    /** Signs out every live session of the user but this one; returns how many ended. */
    async signOutOthers(session: AuthSession, origin: { ip: string; requestId: string }) {
      const ended = await endSessions({ userId: session.userId, exceptId: session.sessionId }, 'signedOut');
      await d.audit.record({
        event: 'session.signedOutOthers',
        userId: session.userId,
        ...origin,
        detail: { count: ended.length },
      });
      return { count: ended.length };
    },

    /**
     * "This wasn't me" on a row of the user's activity (docs/decisions/0045-sign-in-history.md):
     * every session of the user ends, this one too, and no browser stays trusted for the second
     * step; the member then sets a new password. 2800001 when the row is not the user's.
     */
    async notMe(session: AuthSession, id: string, origin: { ip: string; requestId: string }) {
      const since = addMs(now(), -ACTIVITY_DAYS * DAY);
      const row = await d.audit.findOwn(session.userId, Number(id), ACTIVITY_LOG_EVENTS, since);
      if (!row) throw new AppError(Code.activityNotFound);
      const ended = await d.db.transaction(async (tx) => {
        const gone = await endSessions({ userId: session.userId }, 'signedOut', tx);
        await d.secondFactors.forgetTrustedBrowsers(member(session.userId), tx);
        await d.audit.record(
          { event: 'session.notMe', userId: session.userId, ...origin, detail: { entry: row.id, count: gone.length } },
          tx,
        );
        return gone;
      });
      return { ended: ended.length };
    },

    /** When the session was created (its login time), or null. */
    loginTime: (sessionId: string) => repo.sessionCreatedAt(sessionId),

    /** Whether the session's login is younger than RECENT_LOGIN_MS. */
    async isRecentLogin(sessionId: string) {
      const at = await repo.sessionCreatedAt(sessionId);
      return at !== null && now().getTime() - at.getTime() <= RECENT_LOGIN_MS;
    },

    /** A password reset: the login failures of the account's addresses are forgotten. */
    async clearLoginFailures(addresses: (string | null)[], tx: DbOrTx) {
      const keys = addresses.filter((a): a is string => Boolean(a)).map((a) => throttleKeys(a, '').accountKey);
      if (keys.length) await createSessionRepo(tx).clearAccountThrottles(keys);
    },

    /**
     * The console's unlock (support), in the caller's transaction with its audit row: every
     * failure counter and lock of the addresses go, from any client address. Answers whether
     * one of them was locking logins.
     */
    async unlockLogins(addresses: (string | null)[], tx: DbOrTx): Promise<{ locked: boolean }> {
      const keys = addresses.filter((a): a is string => Boolean(a)).map((a) => throttleKeys(a, '').accountKey);
      if (!keys.length) return { locked: false };
      const gone = await createSessionRepo(tx).clearAccountThrottles(keys);
      const at = now().getTime();
      return { locked: gone.some((r) => r.lockedUntil !== null && r.lockedUntil.getTime() > at) };
    },

    /** The scheduled purge of idle failure counters; returns how many went. */
    purgeIdleThrottles: () => repo.deleteIdleThrottles(addMs(now(), -THROTTLE_IDLE_MS), now()),

    /** Account deletion: every session ends and is scrubbed, the throttling counters of the addresses go. */
    async forgetUser(userId: string, addresses: string[], at: Date, tx: DbOrTx) {
      const r = createSessionRepo(tx);
      await r.endAndScrub(userId, at);
      await d.secondFactors.forget(member(userId), tx);
      await d.changes.userChanged(userId, tx);
      if (addresses.length) await r.clearAccountThrottles(addresses.map((a) => throttleKeys(a, '').accountKey));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
