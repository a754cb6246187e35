/**
 * Change password (docs/product.md#rules, docs/protocol.md#passwords): proven by the current password or by
 * a code sent to the user's own mobile (purpose changePassword); the one
 * password policy; a wrong current password counts toward login throttling;
 * every other session ends, the current one stays.
 */
import { Code } from '@ac/protocol/codes';
import type { TUpdatePasswordRequest } from '@ac/protocol/profile';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/hashing.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import { createAuditRepo } from '../audit/audit.repo.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { SessionService } from '../session/session.service.ts';
import { createUserRepo } from '../user/user.repo.ts';
import { createPasswordRepo } from './password.repo.ts';

type Deps = {
  codes: Pick<CodesService, 'verify'>;
  throttle: Pick<SessionService, 'assertLoginAllowed' | 'recordLoginFailure'>;
};
export type Origin = { ip: string; requestId: string };

export function createPasswordService(db: Db, d: Deps, now: () => Date = () => new Date()) {
  return {
    /** Returns the user's addresses, for the notice. */
    async change(session: AuthSession, p: TUpdatePasswordRequest, origin: Origin) {
      const user = await createUserRepo(db).findLiveUser(session.userId);
      if (!user) throw new AppError(Code.sessionRevoked);
      // throttled under the same key as password logins to this account
      const account = user.email ?? user.mobile ?? user.id;
      if (p.type === 'password') {
        await d.throttle.assertLoginAllowed(account, origin.ip);
        const check = user.passwordHash ? await verifyPassword(p.oldPassword, user.passwordHash) : { ok: false };
        if (!check.ok) {
          await d.throttle.recordLoginFailure(account, origin.ip);
          await createAuditRepo(db).record({ event: 'password.changeFailed', userId: user.id, ...origin });
          throw new AppError(Code.passwordWrong);
        }
      } else {
        if (!user.mobile) throw new AppError(Code.invalidParam, 'mobileCode: the account has no mobile number');
        await d.codes.verify('changePassword', user.mobile, p.mobileCode, { consume: false });
      }
      assertPasswordAllowed(p.newPassword, [user.email, user.mobile]);
      const passwordHash = await hashPassword(p.newPassword);
      await db.transaction(async (tx) => {
        const repo = createPasswordRepo(tx);
        if (!(await createUserRepo(tx).lockLiveUser(user.id))) throw new AppError(Code.sessionRevoked);
        if (p.type === 'mobile' && user.mobile) {
          await d.codes.verify('changePassword', user.mobile, p.mobileCode, { tx });
        }
        const at = now();
        await repo.setPasswordHash(user.id, passwordHash, at);
        await repo.revokeOtherSessions(user.id, session.sessionId, at);
        await createAuditRepo(tx).record({
          event: 'password.changed',
          userId: user.id,
          ...origin,
          detail: { proof: p.type },
        });
      });
      return { email: user.email, mobile: user.mobile };
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
