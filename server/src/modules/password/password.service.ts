/**
 * Change password (docs/product.md#rules, docs/protocol.md#passwords): proven by the current password or by
 * a code sent to the user's own mobile (purpose changePassword); the one
 * password policy; a wrong current password counts toward login throttling;
 * every other session ends, the current one stays; a notice goes to the
 * account's address.
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import type { TUpdatePasswordRequest } from '@ac/protocol/profile';
import type { Notifier } from '../../adapters/notices.ts';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { passwordChangedText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/hashing.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { UserService } from '../user/user.service.ts';

type Deps = {
  db: Db;
  users: Pick<UserService, 'requireLive' | 'lockLive' | 'setPassword'>;
  codes: Pick<CodesService, 'verify'>;
  sessions: Pick<SessionService, 'beginAttempt' | 'attemptSucceeded' | 'revokeAll' | 'requireFreshSecondFactor'>;
  audit: AuditService;
  notifier: Notifier;
  defaultLanguage: TLanguage;
  now?: () => Date;
};
/** Where the request came from, and the language of the notice. */
export type Origin = { ip: string; requestId: string; language: string | undefined };

export function createPasswordService(d: Deps) {
  const now = d.now ?? (() => new Date());
  return {
    async change(session: AuthSession, p: TUpdatePasswordRequest, { language, ...origin }: Origin) {
      const user = await d.users.requireLive(session.userId);
      await d.sessions.requireFreshSecondFactor(session);
      // throttled under the same key as password logins to this account
      const account = user.email ?? user.mobile ?? user.id;
      if (p.type === 'password') {
        await d.sessions.beginAttempt(account, origin.ip);
        const check = user.passwordHash ? await verifyPassword(p.oldPassword, user.passwordHash) : { ok: false };
        if (!check.ok) {
          await d.audit.record({ event: 'password.changeFailed', userId: user.id, ...origin });
          throw new AppError(Code.passwordWrong);
        }
        await d.sessions.attemptSucceeded(account, origin.ip);
      } else {
        if (!user.mobile) throw new AppError(Code.invalidParam, 'mobileCode: the account has no mobile number');
        await d.codes.verify('changePassword', user.mobile, p.mobileCode, { consume: false });
      }
      assertPasswordAllowed(p.newPassword, [user.email, user.mobile]);
      const passwordHash = await hashPassword(p.newPassword);
      await d.db.transaction(async (tx) => {
        if (!(await d.users.lockLive(user.id, tx))) throw new AppError(Code.sessionRevoked);
        if (p.type === 'mobile' && user.mobile) {
          await d.codes.verify('changePassword', user.mobile, p.mobileCode, { tx });
        }
        const at = now();
        await d.users.setPassword(user.id, passwordHash, at, false, tx);
        await d.sessions.revokeAll(user.id, 'passwordChanged', at, tx, session.sessionId);
        await d.audit.record({ event: 'password.changed', userId: user.id, ...origin, detail: { proof: p.type } }, tx);
      });
      const to = { email: user.email, mobile: user.mobile };
      await d.notifier.send(to, passwordChangedText, { language: messageLanguage(language, d.defaultLanguage) });
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
