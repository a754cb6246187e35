/**
 * Third-party binding rules: one identity per account and provider, an
 * identity bound to one account only, the last way to log in kept, unbinding
 * only from a recent login; login by a bound identity, or a ticket to attach
 * an unbound one later.
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
import type { OAuthIdentity, OAuthProviders } from '../../adapters/oauth.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { thirdUnboundText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, iso, MINUTE } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { Callback, OAuthFlow } from './oauth-flow.ts';
import { createThirdPartyRepo } from './third-party.repo.ts';

/** Unbinding needs a login younger than this (docs/protocol.md#security-rules). */
export const RECENT_LOGIN_MS = 15 * MINUTE;

export type Origin = { ip: string; requestId: string };

type Deps = {
  db: Db;
  users: Pick<UserService, 'findLive' | 'lockLive' | 'recordLogin'>;
  sessions: Pick<SessionService, 'loginTime'>;
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

    /** The provider's authorize URL to bind it to the account. */
    async bindUrl(userId: string, type: TThirdPartyType, redirect: string) {
      assertInRegion(type);
      return { url: await d.flow.start('bind', type, redirect, userId) };
    },

    /** Binds the identity the provider's callback proves. */
    async bind(userId: string, type: TThirdPartyType, callback: Callback, origin: Origin) {
      assertInRegion(type);
      const identity = await d.flow.finish('bind', type, callback, userId);
      await bindIdentity(userId, type, identity, origin);
    },

    /** Unbinds a provider (from a recent login, never the last way to log in); the account is told. */
    async unbind(
      session: { userId: string; sessionId: string },
      type: TThirdPartyType,
      { language, ...origin }: Origin & { language: string | undefined },
    ) {
      assertInRegion(type);
      const { userId } = session;
      const loggedInAt = await d.sessions.loginTime(session.sessionId);
      if (!loggedInAt || now().getTime() - loggedInAt.getTime() > RECENT_LOGIN_MS) {
        throw new AppError(Code.reauthRequired);
      }
      await db.transaction(async (tx) => {
        const repo = createThirdPartyRepo(tx);
        const user = await users.lockLive(userId, tx);
        if (!user) throw new AppError(Code.sessionRevoked);
        if (!user.passwordHash && (await repo.otherBindingCount(userId, type)) === 0) {
          throw new AppError(Code.lastLoginMethod);
        }
        if (!(await repo.deleteBinding(userId, type)))
          throw new AppError(Code.invalidParam, `type: ${type} is not bound`);
        await d.audit.record({ event: 'third.unbound', userId, ...origin, detail: { type } }, tx);
      });
      const user = await users.findLive(userId);
      const notice = { language: messageLanguage(language, d.defaultLanguage) };
      if (user) await d.notifier.send(user, (l) => thirdUnboundText(l, thirdPartyNames[type]), notice);
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

    /** Binds the identity a need-to-register ticket holds to the logged-in account. */
    async bindByTicket(userId: string, ticket: string, origin: Origin) {
      const ticketHash = sha256Hex(ticket);
      const row = await createThirdPartyRepo(db).findLiveTicket(ticketHash, now());
      if (!row) throw new AppError(Code.thirdLoginAgain);
      const type = row.provider as TThirdPartyType;
      const identity = { subject: row.subject, name: row.name, picture: row.favicon, email: row.email };
      await bindIdentity(userId, type, identity, origin, ticketHash);
      return type;
    },

    /** Account deletion: the user's bindings and pending flows go. */
    forgetUser: (userId: string, tx: DbOrTx) => createThirdPartyRepo(tx).forgetUser(userId),
  };
}
export type ThirdPartyService = ReturnType<typeof createThirdPartyService>;
