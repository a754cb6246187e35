/**
 * Registration and activation (docs/product.md#rules, docs/protocol.md#security-rules). Overseas accounts
 * register with an email and stay unactivated until the mailed link is
 * opened; an address that already has an account gets a notice instead and
 * the caller the very same answer, after the same password hashing. China
 * accounts register with a mobile and an SMS code and are active at once.
 */
import { Code } from '@ac/protocol/codes';
import { maskMobile } from '@ac/protocol/common';
import type { TLanguage } from '@ac/protocol/enums';
import type { TRegisterEmailRequest, TRegisterMobileRequest } from '@ac/protocol/registration';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/hashing.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import type { AuditService, Origin } from '../audit/audit.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { NodeDirectory } from '../nodes/node-directory.ts';
import type { UserService } from '../user/user.service.ts';
import type { AccountMail } from './account-mail.ts';
import { createLinkTokensRepo } from './link-tokens.repo.ts';
import { findLiveLink, issueLink } from './link-tokens.ts';
import { createRegistrationRepo } from './registration.repo.ts';

type Deps = {
  db: Db;
  users: Pick<UserService, 'findLiveByEmail' | 'create' | 'activate'>;
  codes: Pick<CodesService, 'verify'>;
  directory: Pick<NodeDirectory, 'elsewhere' | 'claim'>;
  mail: Pick<AccountMail, 'activation' | 'registerNotice'>;
  audit: AuditService;
  defaultLanguage: TLanguage;
  now?: () => Date;
};
/** Where a request came from, and the language (clientInfo.language) its mails are written in. */
export type RegistrationRequest = Required<Origin> & { language: string | undefined };

export function createRegistrationService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const lang = (r: RegistrationRequest) => messageLanguage(r.language, d.defaultLanguage);
  const origin = ({ ip, requestId }: RegistrationRequest) => ({ ip, requestId });

  async function assertNotElsewhere(account: string) {
    const node = await d.directory.elsewhere(account);
    if (node) throw new AppError(Code.accountOnOtherNode, node.code);
  }

  return {
    /** Returns the new user's id, or null when the address already had an account (a notice went there). */
    async registerByEmail(p: TRegisterEmailRequest, r: RegistrationRequest): Promise<string | null> {
      if (!p.agree) throw new AppError(Code.agreementRequired);
      assertPasswordAllowed(p.password, [p.email]);
      await assertNotElsewhere(p.email);
      // hashed in both branches, so the answer takes as long for an existing address
      const passwordHash = await hashPassword(p.password);
      const at = now();
      // the account, its link and the mail (with its delivery job) commit together or not at all
      const userId = await d.db.transaction(async (tx) => {
        const links = createLinkTokensRepo(tx);
        await links.lockTarget(p.email); // two registrations of one address run one after the other
        if (await d.users.findLiveByEmail(p.email, tx)) {
          await issueLink(links, 'activate', p.email, null, at);
          await d.mail.registerNotice(p.email, lang(r), tx);
          return null;
        }
        const userId = await d.users.create(
          {
            name: p.name,
            nickName: p.name,
            email: p.email,
            passwordHash,
            isActivate: false,
            location: p.region,
            marketingConsent: p.subscribe,
            marketingConsentAt: at,
            registerDate: at,
            updateTime: at,
          },
          tx,
        );
        await createRegistrationRepo(tx).insertRegistration({
          userId,
          country: p.region,
          businessSource: p.businessSource ?? null,
          createdAt: at,
        });
        await d.directory.claim(p.email, at, tx);
        const token = await issueLink(links, 'activate', p.email, userId, at);
        await d.mail.activation(p.email, lang(r), token, tx);
        return userId;
      });
      await d.audit.record({ event: userId ? 'register' : 'register.existing', userId, ...origin(r) });
      return userId;
    },

    /** China: the SMS code (purpose register) was only ever sent to a mobile without an account. */
    async registerByMobile(p: TRegisterMobileRequest, r: RegistrationRequest): Promise<string> {
      if (!p.agree) throw new AppError(Code.agreementRequired);
      await d.codes.verify('register', p.mobile, p.code, { consume: false });
      assertPasswordAllowed(p.password, [p.mobile]);
      await assertNotElsewhere(p.mobile);
      const passwordHash = await hashPassword(p.password);
      await d.codes.verify('register', p.mobile, p.code);
      const at = now();
      let userId: string;
      try {
        userId = await d.db.transaction(async (tx) => {
          const id = await d.users.create(
            {
              name: p.mobile,
              nickName: maskMobile(p.mobile),
              mobile: p.mobile,
              passwordHash,
              isActivate: true,
              registerDate: at,
              updateTime: at,
            },
            tx,
          );
          await createRegistrationRepo(tx).insertRegistration({
            userId: id,
            businessSource: p.businessSource ?? null,
            createdAt: at,
          });
          await d.directory.claim(p.mobile, at, tx);
          return id;
        });
      } catch (e) {
        // the mobile got an account meanwhile (unique index): as for any code that cannot be used
        if (isUniqueViolation(e)) throw new AppError(Code.codeInvalid);
        throw e;
      }
      await d.audit.record({ event: 'register', userId, ...origin(r), detail: { channel: 'sms' } });
      return userId;
    },

    /** Mails a new activation link only to an existing unactivated account; the same answer otherwise. */
    async sendActivateEmail(email: string, r: RegistrationRequest): Promise<void> {
      await d.db.transaction(async (tx) => {
        const user = await d.users.findLiveByEmail(email, tx);
        const userId = user && !user.isActivate ? user.id : null;
        const issued = await issueLink(createLinkTokensRepo(tx), 'activate', email, userId, now());
        if (userId) await d.mail.activation(email, lang(r), issued, tx);
      });
      await d.audit.record({ event: 'activation.mail', ...origin(r) });
    },

    /**
     * The console's resend (support): a new activation link mailed to `email` of the unactivated
     * account `userId`, in the server's language, in the caller's transaction (with its audit row).
     * The resend interval and the hourly and daily limits of the address hold as for the member.
     */
    async activationMailFor(userId: string, email: string, tx: Tx): Promise<void> {
      const issued = await issueLink(createLinkTokensRepo(tx), 'activate', email, userId, now());
      await d.mail.activation(email, d.defaultLanguage, issued, tx);
    },

    /** Opens an activation link once; returns the activated user's id. */
    async activate(token: string, r: Required<Origin>): Promise<string> {
      const at = now();
      const userId = await d.db.transaction(async (tx) => {
        const links = createLinkTokensRepo(tx);
        const link = await findLiveLink(links, 'activate', token, at);
        if (!link || !(await links.consume(link.id, at))) throw new AppError(Code.activateLinkInvalid);
        if (!(await d.users.activate(link.userId, at, tx))) throw new AppError(Code.activateLinkInvalid);
        return link.userId;
      });
      await d.audit.record({ event: 'activate', userId, ...r });
      return userId;
    },

    /** Account deletion: the registration record and the links of the user or its addresses go. */
    forgetUser: (userId: string, addresses: string[], tx: DbOrTx) =>
      createRegistrationRepo(tx).forgetUser(userId, addresses),
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
