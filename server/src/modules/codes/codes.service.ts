/**
 * Verification codes (DESIGN §9): 6 CSPRNG digits stored hashed, bound to
 * purpose and target, 10 minutes, single use, 5 wrong tries kill the code;
 * resend after 60 s, at most 5 an hour and 10 a day per target.
 */

import { randomInt, timingSafeEqual } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import {
  CODE_MAX_ATTEMPTS,
  CODE_MAX_PER_DAY,
  CODE_MAX_PER_HOUR,
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
} from '@ac/protocol/verification';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, HOUR, MINUTE, SECOND } from '../../lib/time.ts';
import { createCodesRepo } from './codes.repo.ts';

function codeHash(purpose: string, target: string, code: string) {
  return sha256Hex(`${purpose}:${target}:${code}`);
}

export function createCodesService(db: Db, now: () => Date = () => new Date()) {
  return {
    /** Creates a code for purpose + target, enforcing the send limits; returns the clear code. */
    async issue(purpose: string, target: string): Promise<string> {
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await db.transaction(async (tx) => {
        const repo = createCodesRepo(tx);
        await repo.lockTarget(target);
        const at = now();
        const last = await repo.latestSendTime(target);
        if (last && at.getTime() - last.getTime() < CODE_RESEND_SECONDS * SECOND) {
          const wait = Math.ceil((CODE_RESEND_SECONDS * SECOND - (at.getTime() - last.getTime())) / 1000);
          throw new AppError(Code.codeSendTooSoon, `retry in ${wait} s`);
        }
        if ((await repo.countSendsSince(target, addMs(at, -HOUR))) >= CODE_MAX_PER_HOUR) {
          throw new AppError(Code.tooManyRequests, 'hourly limit of codes reached');
        }
        if ((await repo.countSendsSince(target, addMs(at, -DAY))) >= CODE_MAX_PER_DAY) {
          throw new AppError(Code.tooManyRequests, 'daily limit of codes reached');
        }
        await repo.insertCode({
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
     * tries count either way.
     */
    async verify(purpose: string, target: string, code: string, { consume = true } = {}): Promise<void> {
      const repo = createCodesRepo(db);
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
  };
}
export type CodesService = ReturnType<typeof createCodesService>;
