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
import { messageLanguage } from '../../i18n/language.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/hashing.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { AccountMail, ResetPage } from '../registration/account-mail.ts';
import { createLinkTokensRepo } from '../registration/link-tokens.repo.ts';
import { findLiveLink, issueLink } from '../registration/link-tokens.ts';
import type { RegistrationRequest } from '../registration/registration.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { ThirdPartyService } from '../third-party/third-party.service.ts';
import type { UserService } from '../user/user.service.ts';

/** The account whose password is reset: its id and the addresses its login failures are counted under. */
type ResetUser = { id: string; email: string | null; mobile: string | null };

type Deps = {
  db: Db;
  users: Pick<UserService, 'findLive' | 'findByAccount' | 'findLiveByEmail' | 'setPassword'>;
  sessions: Pick<SessionService, 'revokeAll' | 'clearLoginFailures'>;
  /** A reset removes every third-party binding (docs/decisions/0011-reset-and-bindings.md). */
  thirdParty: Pick<ThirdPartyService, 'removeAllBindings'>;
  codes: Pick<CodesService, 'verify'>;
  mail: Pick<AccountMail, 'reset' | 'passwordResetNotice'>;
  audit: AuditService;
  defaultLanguage: TLanguage;
  now?: () => Date;
};

export function createRecoveryService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const lang = (r: RegistrationRequest) => messageLanguage(r.language, d.defaultLanguage);

  /** The user behind a live reset link, or 1200003. */
  async function linkUser(token: string, at: Date) {
    const link = await findLiveLink(createLinkTokensRepo(d.db), 'reset', token, at);
    const user = link && (await d.users.findLive(link.userId));
    // a link dies when the account's email moves away from the address it was mailed to
    if (!link || !user || link.target.toLowerCase() !== user.email?.toLowerCase()) {
      throw new AppError(Code.resetLinkInvalid);
    }
    return { link, user };
  }

  /** In one transaction: the new password, every session ended; `linkId` is used up first. */
  async function applyReset(
    user: ResetUser,
    passwordHash: string,
    linkId: string | null,
    at: Date,
    r: RegistrationRequest,
  ) {
    const userId = user.id;
    await d.db.transaction(async (tx) => {
      const links = createLinkTokensRepo(tx);
      if (linkId) {
        if (!(await links.consume(linkId, at))) throw new AppError(Code.resetLinkInvalid);
        await links.retireOthers(userId, 'reset', linkId, at);
      }
      if (!(await d.users.setPassword(userId, passwordHash, at, linkId !== null, tx))) {
        throw new AppError(linkId ? Code.resetLinkInvalid : Code.codeInvalid);
      }
      await d.sessions.revokeAll(userId, 'passwordChanged', at, tx);
      await d.sessions.clearLoginFailures([user.email, user.mobile], tx);
      await d.thirdParty.removeAllBindings(userId, { ip: r.ip, requestId: r.requestId }, tx);
    });
  }

  async function audited(userId: string, by: 'link' | 'code', r: RegistrationRequest) {
    await d.audit.record({ event: 'password.reset', userId, ip: r.ip, requestId: r.requestId, detail: { by } });
  }

  const api = {
    /** Mails a reset link when the address has an account; the same answer (and limits) otherwise. */
    /** `page` 'h5' (China) links the mobile shell's reset page. */
    async sendFindPwdEmail(email: string, page: ResetPage, r: RegistrationRequest): Promise<void> {
      await d.db.transaction(async (tx) => {
        const user = await d.users.findLiveByEmail(email, tx);
        const issued = await issueLink(createLinkTokensRepo(tx), 'reset', email, user?.id ?? null, now());
        if (user) await d.mail.reset(email, lang(r), issued, page, tx);
      });
      await d.audit.record({ event: 'reset.mail', ip: r.ip, requestId: r.requestId });
    },

    /** Throws 1200003 unless the link can still reset a password. */
    async checkResetLink(token: string): Promise<void> {
      await linkUser(token, now());
    },

    async resetByLink(p: TResetByLinkRequest, r: RegistrationRequest): Promise<string> {
      const at = now();
      const { link, user } = await linkUser(p.id, at);
      assertPasswordAllowed(p.password, [user.email, user.mobile]);
      await applyReset(user, await hashPassword(p.password), link.id, at, r);
      await d.mail.passwordResetNotice(user, lang(r));
      await audited(user.id, 'link', r);
      return user.id;
    },

    /** China: the findPwd code was only ever sent to a mobile with an account. */
    async resetByCode(p: TResetByCodeRequest, r: RegistrationRequest): Promise<string> {
      await d.codes.verify('findPwd', p.mobile, p.code, { consume: false });
      const user = await d.users.findByAccount(p.mobile);
      if (!user) throw new AppError(Code.codeInvalid);
      assertPasswordAllowed(p.password, [user.email, user.mobile]);
      const passwordHash = await hashPassword(p.password);
      await d.codes.verify('findPwd', p.mobile, p.code);
      await applyReset(user, passwordHash, null, now(), r);
      await d.mail.passwordResetNotice(user, lang(r));
      await audited(user.id, 'code', r);
      return user.id;
    },

    /** A reset by link `{id}` or, in China, by SMS code `{mobile, code}`. */
    reset: (p: TResetByLinkRequest | TResetByCodeRequest, r: RegistrationRequest): Promise<string> =>
      'id' in p ? api.resetByLink(p, r) : api.resetByCode(p, r),
  };
  return api;
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
