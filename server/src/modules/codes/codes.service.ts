/**
 * Verification codes (docs/protocol.md#verification-codes): 6 CSPRNG digits stored hashed, bound to
 * purpose and target, 10 minutes, single use, 5 wrong tries kill the code;
 * resend after 60 s, at most 5 an hour and 10 a day per target; after 3
 * sends to a target or from an IP in an hour, each send needs a captcha
 * ticket (kaptchaVerify). A text message asked for without a session (register, login, find
 * password) to a number outside the region's own countries needs a captcha from the first send, and
 * each such country gets a daily budget of them (SMS pumping).
 */

import { randomInt, timingSafeEqual } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import { normalizeMobile } from '@ac/protocol/common';
import type { TCodePurpose } from '@ac/protocol/enums';
import { callingCodeOf } from '@ac/protocol/mobile-country';
import { CAPTCHA_FREE_SENDS_PER_IP, CAPTCHA_FREE_SENDS_PER_TARGET } from '@ac/protocol/profile';
import {
  CODE_MAX_ATTEMPTS,
  CODE_MAX_PER_DAY,
  CODE_MAX_PER_HOUR,
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  SESSION_CODE_PURPOSES,
  SMS_COUNTRY_DAILY_BUDGET,
} from '@ac/protocol/verification';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, HOUR, MINUTE, SECOND } from '../../lib/time.ts';
import { createCaptchaRepo } from './captcha.repo.ts';
import { createCodesRepo } from './codes.repo.ts';

/** A mobile target in its E.164 form (`138…` and `+86138…` are one target); an email as given. */
function codeTarget(target: string): string {
  return target.includes('@') ? target : (normalizeMobile(target) ?? target);
}

function codeHash(purpose: string, target: string, code: string) {
  return sha256Hex(`${purpose}:${target}:${code}`);
}

/**
 * Who asks for a code: the IP counts toward the captcha threshold; `ticket` is a kaptchaVerify
 * ticket; `staff`: support resends it from the console (no captcha, every send limit holds).
 */
export type IssueGuard = { ip?: string; ticket?: string; staff?: boolean };

type Deps = {
  db: Db;
  now?: () => Date;
  /** Sends from one IP in an hour before each needs a captcha ticket. */
  freeSendsPerIp?: number;
  /** Seconds before a target gets another code (CODE_RESEND_SECONDS by default; lower only on test servers). */
  resendSeconds?: number;
  /**
   * The country calling codes of the region's own numbers (SMS_HOME_CALLING_CODES); a code asked
   * for without a session to any other number is a text message abroad.
   */
  smsHomeCallingCodes?: readonly string[];
  /** Texts abroad per country calling code in 24 hours (SMS_COUNTRY_DAILY_BUDGET). */
  smsCountryDailyBudget?: number;
};

/** Purposes asked for without a session (register, login, find password). */
const sessionless = (purpose: string) => !(SESSION_CODE_PURPOSES as readonly string[]).includes(purpose);

export function createCodesService(d: Deps) {
  const { db } = d;
  const now = d.now ?? (() => new Date());
  const freeSendsPerIp = d.freeSendsPerIp ?? CAPTCHA_FREE_SENDS_PER_IP;
  const resendMs = (d.resendSeconds ?? CODE_RESEND_SECONDS) * SECOND;
  const home = d.smsHomeCallingCodes ? new Set(d.smsHomeCallingCodes) : undefined;
  const countryBudget = d.smsCountryDailyBudget ?? SMS_COUNTRY_DAILY_BUDGET;
  /** The calling code of a text abroad asked for without a session, or null. */
  const abroad = (purpose: TCodePurpose, target: string) => {
    if (!home || target.includes('@') || !sessionless(purpose)) return null;
    const callingCode = callingCodeOf(target);
    return callingCode && !home.has(callingCode) ? callingCode : null;
  };
  return {
    /** What a send answers as `resendAfter`. */
    resendSeconds: resendMs / SECOND,

    /** Creates a code for purpose + target, enforcing the send limits; returns the clear code. */
    async issue(purpose: TCodePurpose, given: string, guard: IssueGuard = {}, outer?: DbOrTx): Promise<string> {
      const target = codeTarget(given);
      const abroadCallingCode = abroad(purpose, target);
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await (outer ?? db).transaction(async (tx) => {
        const repo = createCodesRepo(tx);
        await repo.lockTarget(target);
        const at = now();
        const last = await repo.latestSendTime(target);
        if (last && at.getTime() - last.getTime() < resendMs) {
          const wait = Math.ceil((resendMs - (at.getTime() - last.getTime())) / 1000);
          throw new AppError(Code.codeSendTooSoon, `retry in ${wait} s`);
        }
        const lastHour = await repo.countSendsSince(target, addMs(at, -HOUR));
        if (lastHour >= CODE_MAX_PER_HOUR) {
          throw new AppError(Code.tooManyRequests, 'hourly limit of codes reached');
        }
        if ((await repo.countSendsSince(target, addMs(at, -DAY))) >= CODE_MAX_PER_DAY) {
          throw new AppError(Code.tooManyRequests, 'daily limit of codes reached');
        }
        if (abroadCallingCode) {
          await repo.lockCallingCode(abroadCallingCode);
          if ((await repo.countAbroadSince(abroadCallingCode, addMs(at, -DAY))) >= countryBudget) {
            throw new AppError(Code.smsCountryPaused, `the daily budget of texts to +${abroadCallingCode} is spent`);
          }
        }
        const fromIp = guard.ip ? await repo.countSendsFromIpSince(guard.ip, addMs(at, -HOUR)) : 0;
        const captchaDue = abroadCallingCode || lastHour >= CAPTCHA_FREE_SENDS_PER_TARGET || fromIp >= freeSendsPerIp;
        if (captchaDue && !guard.staff) {
          const ticket = guard.ticket;
          if (!ticket || !(await createCaptchaRepo(tx).useTicket(sha256Hex(ticket), at))) {
            throw new AppError(Code.captchaRequired);
          }
        }
        await repo.insertCode({
          ip: guard.ip ?? null,
          abroadCallingCode,
          purpose,
          target,
          codeHash: codeHash(purpose, target, code),
          createdAt: at,
          expiresAt: addMs(at, CODE_TTL_MINUTES * MINUTE),
        });
      });
      return code;
    },

    /**
     * Checks the latest live code of purpose + target and, unless `consume`
     * is false, uses it up; throws 1000004 when it does not match. Wrong
     * tries count either way. Inside a caller's transaction (`tx`) a wrong
     * try is rolled back with it, so check first without `tx` and
     * `consume: false`, then consume within the transaction.
     */
    async verify(
      purpose: string,
      address: string,
      code: string,
      { consume = true, tx }: { consume?: boolean; tx?: DbOrTx } = {},
    ): Promise<void> {
      const target = codeTarget(address);
      const repo = createCodesRepo(tx ?? db);
      const row = await repo.latestCode(purpose, target);
      const at = now();
      if (!row || row.usedAt || row.expiresAt <= at || row.attempts >= CODE_MAX_ATTEMPTS) {
        throw new AppError(Code.codeInvalid);
      }
      const expected = Buffer.from(row.codeHash);
      const given = Buffer.from(codeHash(purpose, target, code));
      if (!timingSafeEqual(expected, given)) {
        await repo.addAttempt(row.id, CODE_MAX_ATTEMPTS);
        throw new AppError(Code.codeInvalid);
      }
      if (consume && !(await repo.consume(row.id, at, CODE_MAX_ATTEMPTS))) throw new AppError(Code.codeInvalid);
    },

    /**
     * The code a member asked for to one of their addresses and still waits for: the latest to the
     * target, unused, not spent on wrong tries, asked for within the last hour; else null.
     */
    async pending(address: string, tx?: DbOrTx) {
      const row = await createCodesRepo(tx ?? db).latestToTarget(codeTarget(address));
      const at = now().getTime();
      if (!row || row.usedAt || row.attempts >= CODE_MAX_ATTEMPTS || at - row.createdAt.getTime() > HOUR) return null;
      return { purpose: row.purpose as TCodePurpose, target: row.target };
    },

    /** Account deletion: the codes sent to the account's addresses go. */
    async forgetTargets(targets: string[], tx: DbOrTx) {
      if (targets.length) await createCodesRepo(tx).deleteForTargets(targets.map(codeTarget));
    },
  };
}
export type CodesService = ReturnType<typeof createCodesService>;
