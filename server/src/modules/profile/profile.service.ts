/**
 * The profile (docs/product.md#rules): user detail, and the update of name, location,
 * company, position, email and mobile. A new email or mobile needs the code
 * sent to that new address and must not belong to another live account,
 * and, from a login older than 15 minutes, a re-authentication: the current
 * password or a code sent to the current address; a session token alone
 * never moves the account. Everything is written in one transaction, and
 * the old addresses are told.
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import { reauthAddress, type TProfileRequest, type TUserDetail } from '@ac/protocol/profile';
import type { Notifier } from '../../adapters/notices.ts';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { contactChangedText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { verifyPassword } from '../../lib/hashing.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { TradeService } from '../trade/trade.service.ts';
import { accountFields } from '../user/account-fields.ts';
import type { UserRow as ProfileUser, UserService } from '../user/user.service.ts';

/** Where the request came from, and the language its notices are written in. */
export type Origin = { ip: string; requestId: string; language: string | undefined };
type AddressChange = { column: 'email' | 'mobile'; purpose: 'bindEmail' | 'bindMobile'; value: string; code: string };
/** A code to verify (and use up in the transaction). */
type CodeCheck = { purpose: 'bindEmail' | 'bindMobile' | 'verifyCurrent'; target: string; code: string };

export function toUserDetail(u: ProfileUser): TUserDetail {
  return {
    ...accountFields(u),
    location: u.location,
    company: u.company,
    position: u.position,
    hasPassword: u.passwordHash !== null,
    marketingConsent: u.marketingConsent,
  };
}

/** `undefined` keeps the value, `""` clears it. */
const optional = (v: string | undefined) => (v === undefined ? undefined : v || null);

function addressChanges(user: ProfileUser, p: TProfileRequest): AddressChange[] {
  const changes: AddressChange[] = [];
  const fields = [
    { column: 'email', purpose: 'bindEmail', value: p.email, code: p.emailCode, codeField: 'emailCode' },
    { column: 'mobile', purpose: 'bindMobile', value: p.mobile, code: p.mobileCode, codeField: 'mobileCode' },
  ] as const;
  for (const f of fields) {
    if (f.value === undefined || f.value === user[f.column]) continue;
    if (!f.code) throw new AppError(Code.invalidParam, `${f.codeField}: the code sent to the new address is required`);
    changes.push({ column: f.column, purpose: f.purpose, value: f.value, code: f.code });
  }
  return changes;
}

type Deps = {
  db: Db;
  users: Pick<UserService, 'requireLive' | 'lockLive' | 'addressUsedByOther' | 'update'>;
  codes: Pick<CodesService, 'verify'>;
  sessions: Pick<SessionService, 'isRecentLogin' | 'beginAttempt' | 'attemptSucceeded' | 'requireFreshSecondFactor'>;
  audit: AuditService;
  notifier: Notifier;
  defaultLanguage: TLanguage;
  /** China build: the user detail carries the trade account. */
  trade?: Pick<TradeService, 'account'>;
  now?: () => Date;
};

export function createProfileService(d: Deps) {
  const { db, codes, users } = d;
  const now = d.now ?? (() => new Date());
  const liveUser = (userId: string) => users.requireLive(userId);

  /**
   * Moving an address from a login older than 15 minutes: the current
   * password (throttled like a login), or the verifyCurrent code to be used
   * up with the change; else 1100021.
   */
  async function reauthentication(
    user: ProfileUser,
    changes: AddressChange[],
    session: AuthSession,
    p: TProfileRequest,
    origin: { ip: string; requestId: string },
  ): Promise<CodeCheck[]> {
    if (!changes.length) return [];
    // two-factor on: a second factor of the last 10 minutes as well (docs/protocol.md#two-factor)
    await d.sessions.requireFreshSecondFactor(session);
    if (await d.sessions.isRecentLogin(session.sessionId)) return [];
    if (p.password !== undefined) {
      const account = user.email ?? user.mobile ?? user.id;
      await d.sessions.beginAttempt(account, origin.ip);
      const check = user.passwordHash ? await verifyPassword(p.password, user.passwordHash) : { ok: false };
      if (!check.ok) {
        await d.audit.record({ event: 'profile.reauthFailed', userId: user.id, ...origin });
        throw new AppError(Code.passwordWrong);
      }
      await d.sessions.attemptSucceeded(account, origin.ip);
      return [];
    }
    const current = reauthAddress(user, changes[0]!.column);
    if (p.currentCode && current) return [{ purpose: 'verifyCurrent', target: current.target, code: p.currentCode }];
    throw new AppError(Code.reauthRequired);
  }

  /** The new detail and the old addresses that were replaced. */
  async function write(session: AuthSession, p: TProfileRequest, origin: { ip: string; requestId: string }) {
    const { userId } = session;
    const current = await liveUser(userId);
    const changes = addressChanges(current, p);
    const checks: CodeCheck[] = [
      ...(await reauthentication(current, changes, session, p, origin)),
      ...changes.map((c) => ({ purpose: c.purpose, target: c.value, code: c.code })),
    ];
    // wrong codes count even though the transaction below would roll back
    for (const c of checks) await codes.verify(c.purpose, c.target, c.code, { consume: false });
    try {
      return await db.transaction(async (tx) => {
        const user = await users.lockLive(userId, tx);
        if (!user) throw new AppError(Code.sessionRevoked);
        for (const c of changes) {
          if (await users.addressUsedByOther(c.column, c.value, userId, tx)) throw new AppError(Code.addressTaken);
        }
        for (const c of checks) await codes.verify(c.purpose, c.target, c.code, { tx });
        const patch = {
          nickName: p.nickName,
          location: optional(p.location),
          company: optional(p.company),
          position: optional(p.position),
          ...Object.fromEntries(changes.map((c) => [c.column, c.value])),
        };
        const updated = await users.update(userId, patch, now(), tx);
        const fields = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined);
        await d.audit.record({ event: 'profile.updated', userId, ...origin, detail: { fields } }, tx);
        const replaced = Object.fromEntries(changes.map((c) => [c.column, user[c.column]])) as {
          email?: string | null;
          mobile?: string | null;
        };
        return { detail: toUserDetail(updated), replaced };
      });
    } catch (e) {
      // two accounts racing for the same address: the unique index decides
      if (isUniqueViolation(e)) throw new AppError(Code.addressTaken);
      throw e;
    }
  }

  return {
    async detail(userId: string): Promise<TUserDetail> {
      const detail = toUserDetail(await liveUser(userId));
      return d.trade ? { ...detail, trade: await d.trade.account(userId) } : detail;
    },

    /** Gives or withdraws the consent to marketing mail; the change and its time are kept and audited. */
    async setMarketingConsent(userId: string, consent: boolean, origin: Origin): Promise<TUserDetail> {
      const updated = await db.transaction(async (tx) => {
        const user = await users.lockLive(userId, tx);
        if (!user) throw new AppError(Code.sessionRevoked);
        if (user.marketingConsent === consent) return user;
        const at = now();
        const row = await users.update(userId, { marketingConsent: consent, marketingConsentAt: at }, at, tx);
        await d.audit.record(
          {
            event: 'profile.marketingConsent',
            userId,
            ip: origin.ip,
            requestId: origin.requestId,
            detail: { consent },
          },
          tx,
        );
        return row;
      });
      const detail = toUserDetail(updated);
      return d.trade ? { ...detail, trade: await d.trade.account(userId) } : detail;
    },

    /** Returns the new detail; the old addresses that were replaced are told. */
    async update(session: AuthSession, p: TProfileRequest, origin: Origin): Promise<TUserDetail> {
      const { detail, replaced } = await write(session, p, { ip: origin.ip, requestId: origin.requestId });
      const language = messageLanguage(origin.language, d.defaultLanguage);
      if (replaced.email) {
        await d.notifier.send({ email: replaced.email }, (l) => contactChangedText(l, 'email'), { language });
      }
      if (replaced.mobile) {
        await d.notifier.send({ mobile: replaced.mobile }, (l) => contactChangedText(l, 'mobile'), { language });
      }
      return detail;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
