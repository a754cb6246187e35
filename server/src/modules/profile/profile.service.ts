/**
 * The profile (docs/product.md#rules): user detail, and the update of name, location,
 * company, position, email and mobile. A new email or mobile needs the code
 * sent to that new address and must not belong to another live account;
 * everything is written in one transaction, and the caller is told which
 * old addresses to notify.
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import type { TProfileRequest, TUserDetail } from '@ac/protocol/profile';
import type { Notifier } from '../../adapters/notices.ts';
import type { Db } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { contactChangedText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { iso } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { UserRow as ProfileUser, UserService } from '../user/user.service.ts';

/** Where the request came from, and the language its notices are written in. */
export type Origin = { ip: string; requestId: string; language: string | undefined };
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

type Deps = {
  db: Db;
  users: Pick<UserService, 'requireLive' | 'lockLive' | 'addressUsedByOther' | 'update'>;
  codes: Pick<CodesService, 'verify'>;
  audit: AuditService;
  notifier: Notifier;
  defaultLanguage: TLanguage;
  now?: () => Date;
};

export function createProfileService(d: Deps) {
  const { db, codes, users } = d;
  const now = d.now ?? (() => new Date());
  const liveUser = (userId: string) => users.requireLive(userId);

  /** The new detail and the old addresses that were replaced. */
  async function write(userId: string, p: TProfileRequest, origin: { ip: string; requestId: string }) {
    const changes = addressChanges(await liveUser(userId), p);
    // wrong codes count even though the transaction below would roll back
    for (const c of changes) await codes.verify(c.purpose, c.value, c.code, { consume: false });
    try {
      return await db.transaction(async (tx) => {
        const user = await users.lockLive(userId, tx);
        if (!user) throw new AppError(Code.sessionRevoked);
        for (const c of changes) {
          if (await users.addressUsedByOther(c.column, c.value, userId, tx)) throw new AppError(Code.addressTaken);
          await codes.verify(c.purpose, c.value, c.code, { tx });
        }
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
    async detail(userId: string) {
      return toUserDetail(await liveUser(userId));
    },

    /** Returns the new detail; the old addresses that were replaced are told. */
    async update(userId: string, p: TProfileRequest, origin: Origin): Promise<TUserDetail> {
      const { detail, replaced } = await write(userId, p, { ip: origin.ip, requestId: origin.requestId });
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
