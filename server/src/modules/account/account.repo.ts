/**
 * Every write of an account deletion (docs/protocol.md#data-rules): personal data removed or
 * anonymised, orders and redeem records kept but detached from the person.
 * Meant to run inside one transaction.
 */
import { OrderStatus } from '@ac/protocol/enums';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accountDirectory,
  auditLog,
  authThrottle,
  companyMembers,
  devices,
  linkTokens,
  memberships,
  oauthStates,
  orders,
  outbox,
  redeemCodes,
  redeemFailures,
  redeemOrders,
  registrations,
  sessions,
  thirdPartyBindings,
  users,
  verificationCodes,
} from '../../db/schema/index.ts';

export function createAccountRepo(db: DbOrTx) {
  return {
    /** The row stays (orders may point at it) with nothing that names the person. */
    async anonymiseUser(id: string, at: Date) {
      await db
        .update(users)
        .set({
          name: '',
          nickName: '',
          email: null,
          mobile: null,
          passwordHash: null,
          favicon: null,
          location: null,
          company: null,
          position: null,
          sex: 0,
          score: 0,
          isActivate: false,
          storageUsed: 0,
          lastLoginTime: null,
          updateTime: at,
          deletedAt: at,
        })
        .where(eq(users.id, id));
    },

    /** Every session ends (1000002 afterwards) and loses its IP, user agent and device id. */
    async endSessions(userId: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at, revokeReason: 'deleted' })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await db.update(sessions).set({ ip: null, userAgent: null, deviceId: null }).where(eq(sessions.userId, userId));
    },

    async releaseLinks(userId: string) {
      await db.delete(thirdPartyBindings).where(eq(thirdPartyBindings.userId, userId));
      await db.delete(oauthStates).where(eq(oauthStates.userId, userId));
      await db.delete(devices).where(eq(devices.userId, userId));
      await db.delete(companyMembers).where(eq(companyMembers.userId, userId));
      await db.delete(memberships).where(eq(memberships.userId, userId));
      await db.delete(redeemFailures).where(eq(redeemFailures.userId, userId));
      await db.delete(registrations).where(eq(registrations.userId, userId));
    },

    /** Codes, links, throttling counters and messages kept for the addresses. */
    async forgetAddresses(userId: string, addresses: string[], throttleKeys: string[]) {
      await db
        .delete(linkTokens)
        .where(
          addresses.length
            ? or(eq(linkTokens.userId, userId), inArray(linkTokens.target, addresses))
            : eq(linkTokens.userId, userId),
        );
      if (addresses.length === 0) return;
      await db.delete(verificationCodes).where(inArray(verificationCodes.target, addresses));
      await db.delete(outbox).where(inArray(outbox.recipient, addresses));
      await db.delete(authThrottle).where(inArray(authThrottle.key, throttleKeys));
    },

    async forgetDirectoryEntries(keys: string[], nodeCode: string) {
      if (keys.length === 0) return;
      await db
        .delete(accountDirectory)
        .where(and(inArray(accountDirectory.accountKey, keys), eq(accountDirectory.nodeCode, nodeCode)));
    },

    /** Orders and redeem records stay for the books, no longer tied to the person; unpaid orders are cancelled. */
    async detachCommerce(userId: string, at: Date) {
      await db
        .update(orders)
        .set({ status: OrderStatus.cancelled, updatedAt: at })
        .where(and(eq(orders.userId, userId), eq(orders.status, OrderStatus.unpaid)));
      await db.update(orders).set({ userId: null }).where(eq(orders.userId, userId));
      await db.update(redeemOrders).set({ userId: null }).where(eq(redeemOrders.userId, userId));
      await db
        .update(redeemCodes)
        .set({ redeemedBy: null, redeemAccount: null })
        .where(eq(redeemCodes.redeemedBy, userId));
      await db.update(redeemCodes).set({ ownerUserId: null }).where(eq(redeemCodes.ownerUserId, userId));
    },

    /** The security log keeps what happened, not where from. */
    async scrubAudit(userId: string) {
      await db.update(auditLog).set({ ip: null }).where(eq(auditLog.userId, userId));
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;
