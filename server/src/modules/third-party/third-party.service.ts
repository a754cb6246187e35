/**
 * Third-party binding rules: one identity per account and provider, an
 * identity bound to one account only, the last way to log in kept, unbinding
 * only from a recent login; login by a bound identity, or a ticket to attach
 * an unbound one later. Binding, like unbinding, needs a recent login and
 * tells the account; a password reset removes every binding
 * (docs/decisions/0011-reset-and-bindings.md).
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage, TRegion, TThirdPartyType } from '@ac/protocol/enums';
import { thirdPartiesByRegion } from '@ac/protocol/enums';
import {
  type TBindThirdPartyRow,
  THIRD_TICKET_TTL_MINUTES,
  type TNeedRegister,
  thirdPartyNames,
} from '@ac/protocol/third-party';
import type { Notifier } from '../../adapters/notices.ts';
import type { OAuthIdentity } from '../../adapters/oauth/adapter.ts';
import type { OAuthProviders } from '../../adapters/oauth/providers.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import type { MailText } from '../../i18n/mail-texts.ts';
import { thirdBoundText, thirdUnboundText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, iso, MINUTE } from '../../lib/time.ts';
import type { UserChanges } from '../../lib/user-changes.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { Callback, OAuthFlow } from './oauth-flow.ts';
import { createThirdPartyRepo } from './third-party.repo.ts';

export type Origin = { ip: string; requestId: string };
/** The logged-in session asking. */
type Session = { userId: string; sessionId: string };

type Deps = {
  db: Db;
  users: Pick<UserService, 'findLive' | 'lockLive' | 'recordLogin'>;
  sessions: Pick<SessionService, 'isRecentLogin'>;
  /** Told of every binding change, like every other change of what an account's sessions stand for. */
  changes: Pick<UserChanges, 'userChanged'>;
  providers: Pick<OAuthProviders, 'isAvailable'>;
  flow: OAuthFlow;
  region: TRegion;
  audit: AuditService;
  notifier: Notifier;
  defaultLanguage: TLanguage;
  now?: () => Date;
};

export function createThirdPartyService(d: Deps) {
  const { db, providers, region, users } = d;
  const now = d.now ?? (() => new Date());

  function assertInRegion(type: TThirdPartyType) {
    if (!thirdPartiesByRegion[region].includes(type)) throw new AppError(Code.notInRegion);
  }

  /** Binding and unbinding need a login younger than 15 minutes (1100021). */
  async function assertRecentLogin(session: Session) {
    if (!(await d.sessions.isRecentLogin(session.sessionId))) throw new AppError(Code.reauthRequired);
  }

  /** Tells the account's addresses about a binding change. */
  async function notify(userId: string, language: string | undefined, text: (l: TLanguage) => MailText) {
    const user = await users.findLive(userId);
    if (user) await d.notifier.send(user, text, { language: messageLanguage(language, d.defaultLanguage) });
  }

  /** `ticketHash`: the need-to-register ticket used up with the binding, in the same transaction. */
  async function bindIdentity(
    userId: string,
    type: TThirdPartyType,
    identity: OAuthIdentity,
    origin: Origin,
    ticketHash?: string,
  ) {
    try {
      await db.transaction(async (tx) => {
        const repo = createThirdPartyRepo(tx);
        if (!(await users.lockLive(userId, tx))) throw new AppError(Code.sessionRevoked);
        if (ticketHash && !(await repo.consumeTicket(ticketHash, now()))) throw new AppError(Code.thirdLoginAgain);
        const owner = await repo.bindingOfIdentity(type, identity.subject);
        if (owner) throw new AppError(owner.userId === userId ? Code.thirdAlreadyBound : Code.thirdAccountUsed);
        if ((await repo.bindingsOf(userId)).some((b) => b.provider === type)) {
          throw new AppError(Code.thirdAlreadyBoundBefore);
        }
        await repo.insertBinding({
          userId,
          provider: type,
          subject: identity.subject,
          name: identity.name,
          favicon: identity.picture,
          createdAt: now(),
        });
        await d.changes.userChanged(userId, tx);
        await d.audit.record({ event: 'third.bound', userId, ...origin, detail: { type } }, tx);
      });
    } catch (e) {
      // the same identity bound by another account at the same moment
      if (isUniqueViolation(e)) throw new AppError(Code.thirdAccountUsed);
      throw e;
    }
  }

  return {
    assertInRegion,

    async list(userId: string): Promise<TBindThirdPartyRow[]> {
      const bindings = await createThirdPartyRepo(db).bindingsOf(userId);
      return thirdPartiesByRegion[region].map((type) => {
        const b = bindings.find((row) => row.provider === type);
        return {
          type,
          bound: b !== undefined,
          name: b?.name ?? null,
          favicon: b?.favicon ?? null,
          bindTime: b ? iso(b.createdAt) : null,
          available: providers.isAvailable(type),
        };
      });
    },

    /** The provider's authorize URL to bind it to the account (from a recent login). */
    async bindUrl(session: Session, type: TThirdPartyType, redirect: string, userAgent: string | undefined) {
      assertInRegion(type);
      await assertRecentLogin(session);
      return { url: await d.flow.start('bind', type, redirect, { userId: session.userId, userAgent }) };
    },

    /** Binds the identity the provider's callback proves (from a recent login); the account is told. */
    async bind(
      session: Session,
      type: TThirdPartyType,
      callback: Callback,
      { language, ...origin }: Origin & { language: string | undefined },
    ) {
      assertInRegion(type);
      await assertRecentLogin(session);
      const identity = await d.flow.finish('bind', type, callback, session.userId);
      await bindIdentity(session.userId, type, identity, origin);
      await notify(session.userId, language, (l) => thirdBoundText(l, thirdPartyNames[type]));
    },

    /** Unbinds a provider (from a recent login, never the last way to log in); the account is told. */
    async unbind(
      session: { userId: string; sessionId: string },
      type: TThirdPartyType,
      { language, ...origin }: Origin & { language: string | undefined },
    ) {
      assertInRegion(type);
      const { userId } = session;
      await assertRecentLogin(session);
      await db.transaction(async (tx) => {
        const repo = createThirdPartyRepo(tx);
        const user = await users.lockLive(userId, tx);
        if (!user) throw new AppError(Code.sessionRevoked);
        if (!user.passwordHash && (await repo.otherBindingCount(userId, type)) === 0) {
          throw new AppError(Code.lastLoginMethod);
        }
        if (!(await repo.deleteBinding(userId, type)))
          throw new AppError(Code.invalidParam, `type: ${type} is not bound`);
        await d.changes.userChanged(userId, tx);
        await d.audit.record({ event: 'third.unbound', userId, ...origin, detail: { type } }, tx);
      });
      await notify(userId, language, (l) => thirdUnboundText(l, thirdPartyNames[type]));
    },

    /** The account of a bound identity, or a need-to-register ticket for an unbound one. */
    async login(type: TThirdPartyType, identity: OAuthIdentity): Promise<{ userId: string } | TNeedRegister> {
      const repo = createThirdPartyRepo(db);
      const binding = await repo.bindingOfIdentity(type, identity.subject);
      if (binding) {
        const user = await users.findLive(binding.userId);
        if (!user) throw new AppError(Code.thirdLoginAgain);
        if (!user.isActivate) throw new AppError(Code.accountNotActivated);
        await users.recordLogin(user.id, now());
        return { userId: user.id };
      }
      const ticket = randomToken();
      const at = now();
      await repo.deleteExpiredTickets(addMs(at, -DAY));
      await repo.insertTicket({
        ticketHash: sha256Hex(ticket),
        provider: type,
        subject: identity.subject,
        name: identity.name,
        favicon: identity.picture,
        email: identity.email,
        createdAt: at,
        expiresAt: addMs(at, THIRD_TICKET_TTL_MINUTES * MINUTE),
      });
      const profile = { name: identity.name, favicon: identity.picture, email: identity.email };
      return { needRegister: true, ticket, profile };
    },

    /** Binds the identity a need-to-register ticket holds to the logged-in account (from a recent login); it is told. */
    async bindByTicket(
      session: Session,
      ticket: string,
      { language, ...origin }: Origin & { language: string | undefined },
    ) {
      const { userId } = session;
      await assertRecentLogin(session);
      const ticketHash = sha256Hex(ticket);
      const row = await createThirdPartyRepo(db).findLiveTicket(ticketHash, now());
      if (!row) throw new AppError(Code.thirdLoginAgain);
      const type = row.provider as TThirdPartyType;
      const identity = { subject: row.subject, name: row.name, picture: row.favicon, email: row.email };
      await bindIdentity(userId, type, identity, origin, ticketHash);
      await notify(userId, language, (l) => thirdBoundText(l, thirdPartyNames[type]));
      return type;
    },

    /**
     * A password reset: every binding goes in the reset's transaction, since
     * one may have been added by whoever held the account
     * (docs/decisions/0011-reset-and-bindings.md).
     */
    async removeAllBindings(userId: string, origin: Origin, tx: DbOrTx) {
      const removed = await createThirdPartyRepo(tx).deleteBindingsOf(userId);
      if (removed.length) {
        await d.changes.userChanged(userId, tx);
        await d.audit.record(
          { event: 'third.unbound', userId, ...origin, detail: { types: removed, reason: 'passwordReset' } },
          tx,
        );
      }
    },

    /** Account deletion: the user's bindings and pending flows go. */
    async forgetUser(userId: string, tx: DbOrTx) {
      await createThirdPartyRepo(tx).forgetUser(userId);
      await d.changes.userChanged(userId, tx);
    },
  };
}
export type ThirdPartyService = ReturnType<typeof createThirdPartyService>;
