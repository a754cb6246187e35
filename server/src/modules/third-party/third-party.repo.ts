import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oauthStates, thirdPartyBindings, thirdPartyTickets } from '../../db/schema/index.ts';

export function createThirdPartyRepo(db: DbOrTx) {
  return {
    async insertState(row: typeof oauthStates.$inferInsert) {
      await db.insert(oauthStates).values(row);
    },
    /** Uses a live state up; null when it is unknown, expired or already used. */
    async consumeState(stateHash: string, at: Date) {
      const rows = await db
        .update(oauthStates)
        .set({ usedAt: at })
        .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, at)))
        .returning();
      return rows[0] ?? null;
    },
    async deleteExpiredStates(before: Date) {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, before));
    },
    async insertTicket(row: typeof thirdPartyTickets.$inferInsert) {
      await db.insert(thirdPartyTickets).values(row);
    },
    async findLiveTicket(ticketHash: string, at: Date) {
      const rows = await db
        .select()
        .from(thirdPartyTickets)
        .where(
          and(
            eq(thirdPartyTickets.ticketHash, ticketHash),
            isNull(thirdPartyTickets.usedAt),
            gt(thirdPartyTickets.expiresAt, at),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    async consumeTicket(ticketHash: string, at: Date) {
      const rows = await db
        .update(thirdPartyTickets)
        .set({ usedAt: at })
        .where(
          and(
            eq(thirdPartyTickets.ticketHash, ticketHash),
            isNull(thirdPartyTickets.usedAt),
            gt(thirdPartyTickets.expiresAt, at),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
    /** Tickets hold a provider name and email: gone once past use. */
    async deleteExpiredTickets(before: Date) {
      await db.delete(thirdPartyTickets).where(lt(thirdPartyTickets.expiresAt, before));
    },
    async bindingsOf(userId: string) {
      return db.select().from(thirdPartyBindings).where(eq(thirdPartyBindings.userId, userId));
    },
    async bindingOfIdentity(provider: string, subject: string) {
      const rows = await db
        .select()
        .from(thirdPartyBindings)
        .where(and(eq(thirdPartyBindings.provider, provider), eq(thirdPartyBindings.subject, subject)))
        .limit(1);
      return rows[0] ?? null;
    },
    async insertBinding(row: typeof thirdPartyBindings.$inferInsert) {
      await db.insert(thirdPartyBindings).values(row);
    },
    async deleteBinding(userId: string, provider: string) {
      const rows = await db
        .delete(thirdPartyBindings)
        .where(and(eq(thirdPartyBindings.userId, userId), eq(thirdPartyBindings.provider, provider)))
        .returning({ id: thirdPartyBindings.id });
      return rows.length === 1;
    },
    async otherBindingCount(userId: string, provider: string) {
      const rows = await db
        .select({ id: thirdPartyBindings.id })
        .from(thirdPartyBindings)
        .where(and(eq(thirdPartyBindings.userId, userId), ne(thirdPartyBindings.provider, provider)));
      return rows.length;
    },
    /** Every binding of the user goes; returns the providers that were bound. */
    async deleteBindingsOf(userId: string) {
      const rows = await db
        .delete(thirdPartyBindings)
        .where(eq(thirdPartyBindings.userId, userId))
        .returning({ provider: thirdPartyBindings.provider });
      return rows.map((r) => r.provider);
    },
    /** Account deletion: the user's bindings and pending flows go. */
    async forgetUser(userId: string) {
      await db.delete(thirdPartyBindings).where(eq(thirdPartyBindings.userId, userId));
      await db.delete(oauthStates).where(eq(oauthStates.userId, userId));
    },
  };
}
export type ThirdPartyRepo = ReturnType<typeof createThirdPartyRepo>;
