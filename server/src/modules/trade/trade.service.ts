/**
 * The China trade account (docs/decisions/0009-trade-account.md): details,
 * education, work experience, identity verification and cash-out settings,
 * for trade client types only (others: 1300001). The real name, the ID
 * number and cash account numbers are kept encrypted (AES-256-GCM); the
 * cash password is hashed like login passwords and locks for 15 minutes
 * after 5 wrong tries in a row.
 */
import { isTradeClientType } from '@ac/protocol/client-types';
import { Code } from '@ac/protocol/codes';
import {
  CASH_PASSWORD_LOCK_MINUTES,
  CASH_PASSWORD_MAX_FAILURES,
  maskCashAccount,
  maskIdNumber,
  maskName,
  type TCashAccount,
  type TEducation,
  type TJob,
  TRADE_LIST_MAX,
  type TSaveAuthenticationRequest,
  type TSaveCashAccountRequest,
  type TSaveDetailsRequest,
  type TSaveEducationRequest,
  type TSaveJobRequest,
  type TSetCashPasswordRequest,
  type TTradeAccount,
} from '@ac/protocol/trade';
import { IdentityUnavailable, type IdentityVerifier } from '../../adapters/identity/verifier.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { tradeCashAccounts, tradeEducations, tradeJobs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FieldCipher } from '../../lib/field-crypto.ts';
import { hashPassword, verifyPassword } from '../../lib/hashing.ts';
import { addMs, iso, MINUTE } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { UserService } from '../user/user.service.ts';
import { createTradeRepo, type TradeProfileRow } from './trade.repo.ts';

/** Who asks: the user, the client type the request carries, and where from (for the log). */
export type TradeCaller = { userId: string; clientType: string; ip: string; requestId: string };

type Deps = {
  db: Db;
  users: Pick<UserService, 'requireLive' | 'update'>;
  audit: AuditService;
  cipher: FieldCipher;
  /** Checks a real name against the ID number (docs/decisions/0042-real-name-verification.md). */
  verifier: IdentityVerifier;
  /** Verifications one account may ask for in a day (China Standard Time). */
  identityDailyAttempts: number;
  log?: { warn(obj: object, msg: string): void };
  now?: () => Date;
};

/** The day in China Standard Time (UTC+8, no daylight saving), YYYY-MM-DD: the day the attempts count in. */
export const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

const context = (column: 'real_name' | 'id_number' | 'cash_account', userId: string) => `${column}:${userId}`;

const toEducation = (r: typeof tradeEducations.$inferSelect): TEducation => ({
  id: r.id,
  school: r.school,
  major: r.major,
  degree: r.degree as TEducation['degree'],
  graduationYear: r.graduationYear,
});
const toJob = (r: typeof tradeJobs.$inferSelect): TJob => ({
  id: r.id,
  company: r.company,
  position: r.position,
  startYear: r.startYear,
  endYear: r.endYear,
});
const toCashAccount = (r: typeof tradeCashAccounts.$inferSelect): TCashAccount => ({
  id: r.id,
  type: r.type,
  account: r.accountMasked,
  holderName: r.holderName,
  bankName: r.bankName,
  isDefault: r.isDefault,
});

export function createTradeService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createTradeRepo(tx ?? d.db);

  /** The trade calls answer only trade client types (docs/product.md#routes), and only for a live account. */
  async function allow(c: TradeCaller) {
    if (!isTradeClientType(c.clientType)) throw new AppError(Code.noPermission);
    await d.users.requireLive(c.userId);
  }
  const record = (c: TradeCaller, event: string, detail?: Record<string, unknown>, tx?: DbOrTx) =>
    d.audit.record({ event, userId: c.userId, ip: c.ip, requestId: c.requestId, detail }, tx);

  function identityOf(p: TradeProfileRow | null, userId: string): TTradeAccount['identity'] {
    if (!p?.realNameEnc || !p.idNumberEnc || !p.identityVerifiedAt) return null;
    return {
      realName: maskName(d.cipher.decrypt(p.realNameEnc, context('real_name', userId))),
      idNumber: maskIdNumber(d.cipher.decrypt(p.idNumberEnc, context('id_number', userId))),
      verifiedAt: iso(p.identityVerifiedAt),
    };
  }

  async function account(userId: string): Promise<TTradeAccount> {
    const r = repo();
    const [p, educations, jobs, cashAccounts] = await Promise.all([
      r.findProfile(userId),
      r.educations(userId),
      r.jobs(userId),
      r.cashAccounts(userId),
    ]);
    return {
      birthYear: p?.birthYear ?? null,
      industry: (p?.industry ?? null) as TTradeAccount['industry'],
      educationLevel: (p?.educationLevel ?? null) as TTradeAccount['educationLevel'],
      educations: educations.map(toEducation),
      jobs: jobs.map(toJob),
      identity: identityOf(p, userId),
      hasCashPassword: Boolean(p?.cashPasswordHash),
      cashAccounts: cashAccounts.map(toCashAccount),
    };
  }

  /**
   * The cash password of the user: 1300004 when none is set, 1300003 while
   * locked. Each check is counted before the password is compared (one
   * statement, outside any transaction, so the count stays), as logins are:
   * a parallel burst checks at most five. A right one resets the count; the
   * fifth wrong one in a row locks the check for 15 minutes.
   */
  async function verifyCashPassword(c: TradeCaller, password: string) {
    const p = await repo().findProfile(c.userId);
    if (!p?.cashPasswordHash) throw new AppError(Code.cashPasswordNotSet);
    const at = now();
    const lockMs = CASH_PASSWORD_LOCK_MINUTES * MINUTE;
    const failures = await repo().takeCashAttempt(c.userId, at, CASH_PASSWORD_MAX_FAILURES, addMs(at, -lockMs));
    if (failures === null) {
      // locked, or the last checks before a lock are in flight: refused unchecked
      const lockedUntil = (await repo().findProfile(c.userId))?.cashLockedUntil;
      const left = lockedUntil && lockedUntil > at ? lockedUntil.getTime() - at.getTime() : lockMs;
      throw new AppError(Code.cashPasswordLocked, `retry in ${Math.ceil(left / 1000)} s`);
    }
    const { ok } = await verifyPassword(password, p.cashPasswordHash);
    if (ok) {
      await repo().updateProfile(c.userId, { cashFailures: 0, cashLockedUntil: null }, at);
      return;
    }
    if (failures >= CASH_PASSWORD_MAX_FAILURES) {
      const until = addMs(at, CASH_PASSWORD_LOCK_MINUTES * MINUTE);
      await repo().updateProfile(c.userId, { cashFailures: 0, cashLockedUntil: until }, at);
      await record(c, 'trade.cashPasswordLocked', { until: iso(until) });
      throw new AppError(Code.cashPasswordLocked, `retry in ${CASH_PASSWORD_LOCK_MINUTES * 60} s`);
    }
    await record(c, 'trade.cashPasswordWrong', { failures });
    throw new AppError(Code.cashPasswordWrong, `${CASH_PASSWORD_MAX_FAILURES - failures} tries left`);
  }

  const full = () => new AppError(Code.tradeListFull, undefined, { max: TRADE_LIST_MAX });

  return {
    /**
     * Re-encrypts up to `limit` profiles and `limit` cash accounts whose fields are not under the
     * current key (after FIELD_ENCRYPTION_KEY changed, docs/decisions/0040-field-key-rotation.md),
     * in one transaction; the count rewritten, 0 once every field is under the current key.
     */
    async reencryptFields(limit = 200): Promise<number> {
      const again = (stored: string | null, column: 'real_name' | 'id_number' | 'cash_account', userId: string) =>
        stored === null || d.cipher.isCurrent(stored)
          ? stored
          : d.cipher.encrypt(d.cipher.decrypt(stored, context(column, userId)), context(column, userId));
      return d.db.transaction(async (tx) => {
        const r = repo(tx);
        const profiles = await r.profilesNotUnder(d.cipher.currentPrefix, limit);
        for (const p of profiles) {
          await r.setProfileCiphers(p.userId, {
            realNameEnc: again(p.realNameEnc, 'real_name', p.userId),
            idNumberEnc: again(p.idNumberEnc, 'id_number', p.userId),
          });
        }
        const accounts = await r.cashAccountsNotUnder(d.cipher.currentPrefix, limit);
        for (const a of accounts) await r.setCashAccountCipher(a.id, again(a.accountEnc, 'cash_account', a.userId)!);
        return profiles.length + accounts.length;
      });
    },

    /** The trade part of getUserDetail. */
    account,

    /**
     * The trade account for its owner's data export (docs/decisions/0046-data-export.md): the
     * encrypted fields decrypted in full, no cash password hash; null when nothing was saved.
     */
    async exportOf(userId: string) {
      const r = repo();
      const [p, educations, jobs, cashAccounts] = await Promise.all([
        r.findProfile(userId),
        r.educations(userId),
        r.jobs(userId),
        r.cashAccounts(userId),
      ]);
      if (!p && !educations.length && !jobs.length && !cashAccounts.length) return null;
      const clear = (stored: string | null | undefined, column: 'real_name' | 'id_number') =>
        stored ? d.cipher.decrypt(stored, context(column, userId)) : null;
      return {
        birthYear: p?.birthYear ?? null,
        industry: p?.industry ?? null,
        educationLevel: p?.educationLevel ?? null,
        realName: clear(p?.realNameEnc, 'real_name'),
        idNumber: clear(p?.idNumberEnc, 'id_number'),
        identityVerifiedAt: iso(p?.identityVerifiedAt ?? null),
        hasCashPassword: Boolean(p?.cashPasswordHash),
        educations: educations.map(toEducation),
        jobs: jobs.map(toJob),
        cashAccounts: cashAccounts.map((a) => ({
          ...toCashAccount(a),
          account: d.cipher.decrypt(a.accountEnc, context('cash_account', userId)),
        })),
      };
    },

    /** Account deletion: the identity, cash accounts and lists go with the person. */
    forgetUser: (userId: string, tx: DbOrTx) => repo(tx).deleteAll(userId),

    async saveDetails(c: TradeCaller, p: TSaveDetailsRequest) {
      await allow(c);
      const at = now();
      await d.db.transaction(async (tx) => {
        await d.users.update(c.userId, { sex: p.sex }, at, tx);
        const { birthYear, industry, educationLevel } = p;
        await repo(tx).updateProfile(c.userId, { birthYear, industry, educationLevel }, at);
        await record(c, 'trade.detailsSaved', { fields: Object.keys(p) }, tx);
      });
      return account(c.userId);
    },

    async saveEducation(c: TradeCaller, p: TSaveEducationRequest) {
      await allow(c);
      return d.db.transaction(async (tx) => {
        await repo(tx).lockProfile(c.userId, now());
        if ((await repo(tx).countEducations(c.userId)) >= TRADE_LIST_MAX) throw full();
        const row = await repo(tx).insertEducation({ userId: c.userId, ...p, createdAt: now() });
        await record(c, 'trade.educationAdded', { id: row.id }, tx);
        return toEducation(row);
      });
    },

    async deleteEducation(c: TradeCaller, id: string) {
      await allow(c);
      if (!(await repo().deleteEducation(c.userId, id))) throw new AppError(Code.tradeEntryNotFound);
      await record(c, 'trade.educationDeleted', { id });
      return {};
    },

    async saveWork(c: TradeCaller, p: TSaveJobRequest) {
      await allow(c);
      return d.db.transaction(async (tx) => {
        await repo(tx).lockProfile(c.userId, now());
        if ((await repo(tx).countJobs(c.userId)) >= TRADE_LIST_MAX) throw full();
        const row = await repo(tx).insertJob({ userId: c.userId, ...p, createdAt: now() });
        await record(c, 'trade.jobAdded', { id: row.id }, tx);
        return toJob(row);
      });
    },

    async deleteWork(c: TradeCaller, id: string) {
      await allow(c);
      if (!(await repo().deleteJob(c.userId, id))) throw new AppError(Code.tradeEntryNotFound);
      await record(c, 'trade.jobDeleted', { id });
      return {};
    },

    /**
     * Once per account: the name and number checked by the verifier (counted before it is asked,
     * IDENTITY_DAILY_ATTEMPTS a day), then kept encrypted with the provider and its request id,
     * and answered masked. A refusal answers its catalogue code; a provider that cannot answer,
     * 1300010 (the attempt is given back).
     */
    async saveAuthentication(c: TradeCaller, p: TSaveAuthenticationRequest) {
      await allow(c);
      if ((await repo().findProfile(c.userId))?.identityVerifiedAt) throw new AppError(Code.identityVerified);
      const day = chinaDay(now());
      const max = d.identityDailyAttempts;
      const attempt = await repo().takeIdentityAttempt(c.userId, day, max, now());
      if (attempt === null) {
        if ((await repo().findProfile(c.userId))?.identityVerifiedAt) throw new AppError(Code.identityVerified);
        throw new AppError(Code.identityAttemptsExhausted, undefined, { max });
      }
      let verdict: Awaited<ReturnType<IdentityVerifier['verify']>>;
      try {
        verdict = await d.verifier.verify({ realName: p.realName, idNumber: p.idNumber });
      } catch (e) {
        if (!(e instanceof IdentityUnavailable)) throw e;
        await repo().returnIdentityAttempt(c.userId, day);
        d.log?.warn({ err: e, provider: d.verifier.name, code: e.providerCode }, 'identity verification unavailable');
        await record(c, 'trade.identityUnavailable', { provider: d.verifier.name, code: e.providerCode });
        throw new AppError(Code.identityServiceBusy);
      }
      const detail = { provider: d.verifier.name, requestId: verdict.requestId, attempt };
      if (verdict.outcome !== 'match') {
        await record(c, 'trade.identityRefused', { ...detail, outcome: verdict.outcome });
        throw new AppError(verdict.outcome === 'notFound' ? Code.identityNotFound : Code.identityMismatch);
      }
      const at = now();
      await d.db.transaction(async (tx) => {
        const profile = await repo(tx).lockProfile(c.userId, at);
        if (profile.identityVerifiedAt) throw new AppError(Code.identityVerified);
        await repo(tx).updateProfile(
          c.userId,
          {
            realNameEnc: d.cipher.encrypt(p.realName, context('real_name', c.userId)),
            idNumberEnc: d.cipher.encrypt(p.idNumber, context('id_number', c.userId)),
            identityVerifiedAt: at,
            identityProvider: d.verifier.name,
            identityRequestId: verdict.requestId,
          },
          at,
        );
        await record(c, 'trade.identityVerified', detail, tx);
      });
      return account(c.userId);
    },

    /** The first one needs nothing more; a change needs the old one (which counts like a check). */
    async setCashPassword(c: TradeCaller, p: TSetCashPasswordRequest) {
      await allow(c);
      const current = await repo().findProfile(c.userId);
      if (current?.cashPasswordHash) {
        if (!p.oldPassword) throw new AppError(Code.invalidParam, 'oldPassword: required to change the cash password');
        await verifyCashPassword(c, p.oldPassword);
      }
      const hash = await hashPassword(p.password);
      await repo().updateProfile(c.userId, { cashPasswordHash: hash, cashFailures: 0, cashLockedUntil: null }, now());
      await record(c, current?.cashPasswordHash ? 'trade.cashPasswordChanged' : 'trade.cashPasswordSet');
      return {};
    },

    async checkCashPassword(c: TradeCaller, password: string) {
      await allow(c);
      await verifyCashPassword(c, password);
      return {};
    },

    /** Proven by the cash password; the first account, or one marked so, becomes the default. */
    async saveCashAccount(c: TradeCaller, p: TSaveCashAccountRequest) {
      await allow(c);
      await verifyCashPassword(c, p.cashPassword);
      return d.db.transaction(async (tx) => {
        const r = repo(tx);
        await r.lockProfile(c.userId, now());
        const existing = await r.countCashAccounts(c.userId);
        if (existing >= TRADE_LIST_MAX) throw full();
        const isDefault = p.isDefault || existing === 0;
        if (isDefault) await r.clearDefault(c.userId);
        const row = await r.insertCashAccount({
          userId: c.userId,
          type: p.type,
          accountEnc: d.cipher.encrypt(p.account, context('cash_account', c.userId)),
          accountMasked: maskCashAccount(p.type, p.account),
          holderName: p.holderName,
          bankName: p.type === 'bankCard' ? p.bankName : null,
          isDefault,
          createdAt: now(),
        });
        await record(c, 'trade.cashAccountAdded', { id: row.id, type: p.type }, tx);
        return toCashAccount(row);
      });
    },

    async deleteCashAccount(c: TradeCaller, id: string) {
      await allow(c);
      await d.db.transaction(async (tx) => {
        const r = repo(tx);
        await r.lockProfile(c.userId, now());
        const deleted = await r.deleteCashAccount(c.userId, id);
        if (!deleted) throw new AppError(Code.tradeEntryNotFound);
        if (deleted.isDefault) {
          const next = await r.newestCashAccount(c.userId);
          if (next) await r.setDefault(c.userId, next);
        }
        await record(c, 'trade.cashAccountDeleted', { id }, tx);
      });
      return {};
    },

    async setDefCashAccount(c: TradeCaller, id: string) {
      await allow(c);
      await d.db.transaction(async (tx) => {
        const r = repo(tx);
        await r.lockProfile(c.userId, now());
        if (!(await r.cashAccountExists(c.userId, id))) throw new AppError(Code.tradeEntryNotFound);
        await r.clearDefault(c.userId);
        await r.setDefault(c.userId, id);
        await record(c, 'trade.cashAccountDefault', { id }, tx);
      });
      return {};
    },
  };
}
export type TradeService = ReturnType<typeof createTradeService>;
