/**
 * Third-party binding rules: one identity per account and provider, an
 * identity bound to one account only, the last way to log in kept, unbinding
 * only from a recent login; login by a bound identity, or a ticket to attach
 * an unbound one later.
 */
import { Code } from '@ac/protocol/codes';
import type { TRegion, TThirdPartyType } from '@ac/protocol/enums';
import { thirdPartiesByRegion } from '@ac/protocol/enums';
import { type TBindThirdPartyRow, THIRD_TICKET_TTL_MINUTES, type TNeedRegister } from '@ac/protocol/third-party';
import type { OAuthIdentity, OAuthProviders } from '../../adapters/oauth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, iso, MINUTE } from '../../lib/time.ts';
import { createAuditRepo } from '../audit/audit.repo.ts';
import { createUserRepo } from '../user/user.repo.ts';
import { createThirdPartyRepo } from './third-party.repo.ts';

/** Unbinding needs a login younger than this (docs/protocol.md#security-rules). */
export const RECENT_LOGIN_MS = 15 * MINUTE;

export type Origin = { ip: string; requestId: string };

export function createThirdPartyService(
  db: Db,
  providers: Pick<OAuthProviders, 'isAvailable'>,
  region: TRegion,
  now: () => Date = () => new Date(),
) {
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
        if (!(await createUserRepo(tx).lockLiveUser(userId))) throw new AppError(Code.sessionRevoked);
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
        await createAuditRepo(tx).record({ event: 'third.bound', userId, ...origin, detail: { type } });
      });
    } catch (e) {
      // the same identity bound by another account at the same moment
      if (isUniqueViolation(e)) throw new AppError(Code.thirdAccountUsed);
      throw e;
    }
  }

  return {
    assertInRegion(type: TThirdPartyType) {
      if (!thirdPartiesByRegion[region].includes(type)) throw new AppError(Code.notInRegion);
    },

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

    bind: (userId: string, type: TThirdPartyType, identity: OAuthIdentity, origin: Origin) =>
      bindIdentity(userId, type, identity, origin),

    async unbind(userId: string, sessionId: string, type: TThirdPartyType, origin: Origin) {
      const loggedInAt = await createThirdPartyRepo(db).sessionCreatedAt(sessionId);
      if (!loggedInAt || now().getTime() - loggedInAt.getTime() > RECENT_LOGIN_MS) {
        throw new AppError(Code.reauthRequired);
      }
      await db.transaction(async (tx) => {
        const repo = createThirdPartyRepo(tx);
        const user = await createUserRepo(tx).lockLiveUser(userId);
        if (!user) throw new AppError(Code.sessionRevoked);
        if (!user.passwordHash && (await repo.otherBindingCount(userId, type)) === 0) {
          throw new AppError(Code.lastLoginMethod);
        }
        if (!(await repo.deleteBinding(userId, type)))
          throw new AppError(Code.invalidParam, `type: ${type} is not bound`);
        await createAuditRepo(tx).record({ event: 'third.unbound', userId, ...origin, detail: { type } });
      });
    },

    /** The account of a bound identity, or a need-to-register ticket for an unbound one. */
    async login(type: TThirdPartyType, identity: OAuthIdentity): Promise<{ userId: string } | TNeedRegister> {
      const repo = createThirdPartyRepo(db);
      const binding = await repo.bindingOfIdentity(type, identity.subject);
      if (binding) {
        const user = await createUserRepo(db).findLiveUser(binding.userId);
        if (!user) throw new AppError(Code.thirdLoginAgain);
        if (!user.isActivate) throw new AppError(Code.accountNotActivated);
        await repo.recordLogin(user.id, now());
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
  };
}
export type ThirdPartyService = ReturnType<typeof createThirdPartyService>;
