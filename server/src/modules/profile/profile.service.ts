/**
 * The profile (docs/product.md#rules): user detail, and the update of name, location,
 * company, position, email and mobile. A new email or mobile needs the code
 * sent to that new address and must not belong to another live account;
 * everything is written in one transaction, and the caller is told which
 * old addresses to notify.
 */
import { Code } from '@ac/protocol/codes';
import type { TProfileRequest, TUserDetail } from '@ac/protocol/profile';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { iso } from '../../lib/time.ts';
import { createAuditRepo } from '../audit/audit.repo.ts';
import type { CodesService } from '../codes/codes.service.ts';
import { createUserRepo } from '../user/user.repo.ts';
import { createProfileRepo, type ProfileUser } from './profile.repo.ts';

export type Origin = { ip: string; requestId: string };
type AddressChange = { column: 'email' | 'mobile'; purpose: 'bindEmail' | 'bindMobile'; value: string; code: string };

export function toUserDetail(u: ProfileUser): TUserDetail {
  return {
    id: u.id,
    name: u.name,
    nickName: u.nickName,
    email: u.email,
    mobile: u.mobile,
    location: u.location,
    company: u.company,
    position: u.position,
    favicon: u.favicon,
    sex: u.sex,
    hasPassword: u.passwordHash !== null,
    registerDate: iso(u.registerDate),
    updateTime: iso(u.updateTime),
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

export function createProfileService(db: Db, codes: Pick<CodesService, 'verify'>, now: () => Date = () => new Date()) {
  async function liveUser(userId: string) {
    const user = await createUserRepo(db).findLiveUser(userId);
    if (!user) throw new AppError(Code.sessionRevoked);
    return user;
  }

  return {
    async detail(userId: string) {
      return toUserDetail(await liveUser(userId));
    },

    /** Returns the new detail and the old addresses that were replaced. */
    async update(userId: string, p: TProfileRequest, origin: Origin) {
      const changes = addressChanges(await liveUser(userId), p);
      // wrong codes count even though the transaction below would roll back
      for (const c of changes) await codes.verify(c.purpose, c.value, c.code, { consume: false });
      try {
        return await db.transaction(async (tx) => {
          const repo = createProfileRepo(tx);
          const user = await createUserRepo(tx).lockLiveUser(userId);
          if (!user) throw new AppError(Code.sessionRevoked);
          for (const c of changes) {
            if (await repo.addressUsedByOther(c.column, c.value, userId)) throw new AppError(Code.addressTaken);
            await codes.verify(c.purpose, c.value, c.code, { tx });
          }
          const patch = {
            nickName: p.nickName,
            location: optional(p.location),
            company: optional(p.company),
            position: optional(p.position),
            ...Object.fromEntries(changes.map((c) => [c.column, c.value])),
          };
          const updated = await repo.updateUser(userId, patch, now());
          const fields = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined);
          await createAuditRepo(tx).record({ event: 'profile.updated', userId, ...origin, detail: { fields } });
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
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
