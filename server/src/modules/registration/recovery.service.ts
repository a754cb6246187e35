/**
 * Forgot / reset password (docs/product.md#rules, docs/protocol.md#links-activation-and-reset): a 1-hour single-use link by
 * mail (both regions) or, in China, an SMS code of purpose findPwd. A reset
 * sets the password under the policy, ends every session of the user and
 * sends a notice; the link request answers the same whether or not the
 * address has an account.
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import type { TResetByCodeRequest, TResetByLinkRequest } from '@ac/protocol/registration';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/hashing.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { SessionRepo } from '../session/session.repo.ts';
import { createSessionRepo } from '../session/session.repo.ts';
import { createUserRepo } from '../user/user.repo.ts';
import type { AccountMail, ResetPage } from './account-mail.ts';
import { createLinkTokensRepo } from './link-tokens.repo.ts';
import { findLiveLink, issueLink } from './link-tokens.ts';
import { createRegistrationRepo } from './registration.repo.ts';

type Deps = {
  db: Db;
  codes: Pick<CodesService, 'verify'>;
  accounts: Pick<SessionRepo, 'findUserByAccount'>;
  mail: Pick<AccountMail, 'reset' | 'passwordResetNotice'>;
  now?: () => Date;
};

export function createRecoveryService(d: Deps) {
  const now = d.now ?? (() => new Date());

  /** The user behind a live reset link, or 1200003. */
  async function linkUser(token: string, at: Date) {
    const link = await findLiveLink(createLinkTokensRepo(d.db), 'reset', token, at);
    const user = link && (await createUserRepo(d.db).findLiveUser(link.userId));
    if (!link || !user) throw new AppError(Code.resetLinkInvalid);
    return { link, user };
  }

  /** In one transaction: the new password, every session ended; `linkId` is used up first. */
  async function applyReset(userId: string, passwordHash: string, linkId: string | null, at: Date) {
    await d.db.transaction(async (tx) => {
      const links = createLinkTokensRepo(tx);
      if (linkId) {
        if (!(await links.consume(linkId, at))) throw new AppError(Code.resetLinkInvalid);
        await links.retireOthers(userId, 'reset', linkId, at);
      }
      if (!(await createRegistrationRepo(tx).setPassword(userId, passwordHash, at, linkId !== null))) {
        throw new AppError(linkId ? Code.resetLinkInvalid : Code.codeInvalid);
      }
      await createSessionRepo(tx).revokeUserSessions(userId, 'passwordChanged', at);
    });
  }

  return {
    /** Mails a reset link when the address has an account; the same answer (and limits) otherwise. */
    /** `page` 'h5' (China) links the mobile shell's reset page. */
    async sendFindPwdEmail(email: string, lang: TLanguage, page: ResetPage = 'page'): Promise<void> {
      const token = await d.db.transaction(async (tx) => {
        const user = await createRegistrationRepo(tx).findLiveUserByEmail(email);
        const issued = await issueLink(createLinkTokensRepo(tx), 'reset', email, user?.id ?? null, now());
        return user ? issued : null;
      });
      if (token) d.mail.reset(email, lang, token, page);
    },

    /** Throws 1200003 unless the link can still reset a password. */
    async checkResetLink(token: string): Promise<void> {
      await linkUser(token, now());
    },

    async resetByLink(p: TResetByLinkRequest, lang: TLanguage): Promise<string> {
      const at = now();
      const { link, user } = await linkUser(p.id, at);
      assertPasswordAllowed(p.password, [user.email, user.mobile]);
      await applyReset(user.id, await hashPassword(p.password), link.id, at);
      d.mail.passwordResetNotice(user, lang);
      return user.id;
    },

    /** China: the findPwd code was only ever sent to a mobile with an account. */
    async resetByCode(p: TResetByCodeRequest, lang: TLanguage): Promise<string> {
      await d.codes.verify('findPwd', p.mobile, p.code, { consume: false });
      const user = await d.accounts.findUserByAccount(p.mobile);
      if (!user) throw new AppError(Code.codeInvalid);
      assertPasswordAllowed(p.password, [user.email, user.mobile]);
      const passwordHash = await hashPassword(p.password);
      await d.codes.verify('findPwd', p.mobile, p.code);
      await applyReset(user.id, passwordHash, null, now());
      d.mail.passwordResetNotice(user, lang);
      return user.id;
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
