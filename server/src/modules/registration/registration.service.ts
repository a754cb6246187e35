/**
 * Registration and activation (docs/product.md#rules, docs/protocol.md#security-rules). Overseas accounts
 * register with an email and stay unactivated until the mailed link is
 * opened; an address that already has an account gets a notice instead and
 * the caller the very same answer, after the same password hashing. China
 * accounts register with a mobile and an SMS code and are active at once.
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import type { TRegisterEmailRequest, TRegisterMobileRequest } from '@ac/protocol/registration';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/hashing.ts';
import { assertPasswordAllowed } from '../../lib/password-policy.ts';
import type { CodesService } from '../codes/codes.service.ts';
import { accountKey, type NodeDirectory } from '../nodes/node-directory.ts';
import { createNodesRepo } from '../nodes/nodes.repo.ts';
import type { AccountMail } from './account-mail.ts';
import { createLinkTokensRepo } from './link-tokens.repo.ts';
import { findLiveLink, issueLink } from './link-tokens.ts';
import { createRegistrationRepo } from './registration.repo.ts';

type Deps = {
  db: Db;
  codes: Pick<CodesService, 'verify'>;
  directory: Pick<NodeDirectory, 'elsewhere'>;
  mail: Pick<AccountMail, 'activation' | 'registerNotice'>;
  nodeCode: string;
  now?: () => Date;
};

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

const maskMobile = (m: string) => (m.length > 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : m);

export function createRegistrationService(d: Deps) {
  const now = d.now ?? (() => new Date());

  async function assertNotElsewhere(account: string) {
    const node = await d.directory.elsewhere(account);
    if (node) throw new AppError(Code.accountOnOtherNode, node.code);
  }

  return {
    /** Returns the new user's id, or null when the address already had an account (a notice went there). */
    async registerByEmail(p: TRegisterEmailRequest, lang: TLanguage): Promise<string | null> {
      if (!p.agree) throw new AppError(Code.agreementRequired);
      assertPasswordAllowed(p.password, [p.email]);
      await assertNotElsewhere(p.email);
      // hashed in both branches, so the answer takes as long for an existing address
      const passwordHash = await hashPassword(p.password);
      const at = now();
      const result = await d.db.transaction(async (tx) => {
        const links = createLinkTokensRepo(tx);
        const repo = createRegistrationRepo(tx);
        await links.lockTarget(p.email); // two registrations of one address run one after the other
        if (await repo.findLiveUserByEmail(p.email)) {
          await issueLink(links, 'activate', p.email, null, at);
          return { userId: null, token: null };
        }
        const userId = await repo.insertUser({
          name: p.name,
          nickName: p.name,
          email: p.email,
          passwordHash,
          isActivate: false,
          location: p.region,
          registerDate: at,
          updateTime: at,
        });
        await repo.insertRegistration({
          userId,
          country: p.region,
          subscribe: p.subscribe,
          businessSource: p.businessSource ?? null,
          createdAt: at,
        });
        await createNodesRepo(tx).claimAccount(accountKey(p.email), d.nodeCode, at);
        return { userId, token: await issueLink(links, 'activate', p.email, userId, at) };
      });
      if (result.token) d.mail.activation(p.email, lang, result.token);
      else d.mail.registerNotice(p.email, lang);
      return result.userId;
    },

    /** China: the SMS code (purpose register) was only ever sent to a mobile without an account. */
    async registerByMobile(p: TRegisterMobileRequest): Promise<string> {
      if (!p.agree) throw new AppError(Code.agreementRequired);
      await d.codes.verify('register', p.mobile, p.code, { consume: false });
      assertPasswordAllowed(p.password, [p.mobile]);
      await assertNotElsewhere(p.mobile);
      const passwordHash = await hashPassword(p.password);
      await d.codes.verify('register', p.mobile, p.code);
      const at = now();
      try {
        return await d.db.transaction(async (tx) => {
          const repo = createRegistrationRepo(tx);
          const userId = await repo.insertUser({
            name: p.mobile,
            nickName: maskMobile(p.mobile),
            mobile: p.mobile,
            passwordHash,
            isActivate: true,
            registerDate: at,
            updateTime: at,
          });
          await repo.insertRegistration({ userId, businessSource: p.businessSource ?? null, createdAt: at });
          await createNodesRepo(tx).claimAccount(accountKey(p.mobile), d.nodeCode, at);
          return userId;
        });
      } catch (e) {
        // the mobile got an account meanwhile (unique index): as for any code that cannot be used
        if (isUniqueViolation(e)) throw new AppError(Code.codeInvalid);
        throw e;
      }
    },

    /** Mails a new activation link only to an existing unactivated account; the same answer otherwise. */
    async sendActivateEmail(email: string, lang: TLanguage): Promise<void> {
      const token = await d.db.transaction(async (tx) => {
        const user = await createRegistrationRepo(tx).findLiveUserByEmail(email);
        const userId = user && !user.isActivate ? user.id : null;
        const issued = await issueLink(createLinkTokensRepo(tx), 'activate', email, userId, now());
        return userId ? issued : null;
      });
      if (token) d.mail.activation(email, lang, token);
    },

    /** Opens an activation link once; returns the activated user's id. */
    async activate(token: string): Promise<string> {
      const at = now();
      return d.db.transaction(async (tx) => {
        const links = createLinkTokensRepo(tx);
        const link = await findLiveLink(links, 'activate', token, at);
        if (!link || !(await links.consume(link.id, at))) throw new AppError(Code.activateLinkInvalid);
        if (!(await createRegistrationRepo(tx).activateUser(link.userId, at))) {
          throw new AppError(Code.activateLinkInvalid);
        }
        return link.userId;
      });
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
