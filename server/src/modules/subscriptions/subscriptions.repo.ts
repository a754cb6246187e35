/** The queries of renewal_plans, subscriptions, subscription_events and membership_reminders. */
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  goods,
  membershipReminders,
  renewalPlans,
  storeSubscriptions,
  subscriptionEvents,
  subscriptions,
} from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionPatch = Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'userId' | 'provider'>>;
/** Who sent a provider event (subscription_events.provider): Stripe Billing, the App Store (docs/decisions/0048-app-store-purchases.md). */
export type EventProvider = (typeof subscriptionEvents.$inferInsert)['provider'];

export function createSubscriptionsRepo(db: DbOrTx) {
  return {
    async plans() {
      return db
        .select({ plan: renewalPlans, name: goods.name, level: goods.level })
        .from(renewalPlans)
        .innerJoin(goods, eq(goods.code, renewalPlans.goodsCode))
        .where(and(eq(renewalPlans.active, 1), eq(goods.active, 1)))
        .orderBy(asc(goods.level), asc(renewalPlans.goodsCode), asc(renewalPlans.interval));
    },
    async plan(goodsCode: string, interval: string) {
      const [row] = await db
        .select({ plan: renewalPlans, name: goods.name, level: goods.level })
        .from(renewalPlans)
        .innerJoin(goods, eq(goods.code, renewalPlans.goodsCode))
        .where(
          and(
            eq(renewalPlans.goodsCode, goodsCode),
            eq(renewalPlans.interval, interval as 'month'),
            eq(renewalPlans.active, 1),
            eq(goods.active, 1),
          ),
        );
      return row ?? null;
    },
    async insert(row: typeof subscriptions.$inferInsert) {
      const [created] = await db.insert(subscriptions).values(row).returning();
      return created!;
    },
    async find(id: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },
    async lock(id: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
      return row ?? null;
    },
    async lockByProviderId(provider: SubscriptionRow['provider'], providerSubscriptionId: string) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)),
        )
        .for('update');
      return row ?? null;
    },
    /** The subscription of an Alipay signing (its external_agreement_no), locked. */
    async lockBySignRef(signRef: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.signRef, signRef)).for('update');
      return row ?? null;
    },
    /** Agreement subscriptions whose deduction is due at `at` (or whose claim ran out), oldest first. */
    async dueCharges(at: Date, limit: number) {
      return db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, 'alipay'),
            inArray(subscriptions.state, ['pending', 'active', 'pastDue']),
            lte(subscriptions.nextChargeAt, at),
          ),
        )
        .orderBy(asc(subscriptions.nextChargeAt))
        .limit(limit);
    },
    /** Agreement subscriptions that no longer renew and whose paid period is over at `at`: they end. */
    async endCancelled(at: Date) {
      const rows = await db
        .update(subscriptions)
        .set({ state: 'ended', nextChargeAt: null, chargeOrderNo: null, updatedAt: at })
        .where(
          and(
            eq(subscriptions.provider, 'alipay'),
            inArray(subscriptions.state, ['active', 'pastDue']),
            eq(subscriptions.cancelAtPeriodEnd, true),
            lte(subscriptions.periodEnd, at),
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length;
    },
    async update(id: string, patch: SubscriptionPatch) {
      const [row] = await db.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning();
      return row!;
    },
    /** The member's subscriptions that started (their checkout completed), newest first. */
    async ofUser(userId: string) {
      return db
        .select({ s: subscriptions, name: goods.name })
        .from(subscriptions)
        .innerJoin(goods, eq(goods.code, subscriptions.goodsCode))
        .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.providerSubscriptionId)))
        .orderBy(desc(subscriptions.createdAt));
    },
    /** The member's store-managed subscriptions (App Store, Google Play, FastSpring), newest first. */
    async storeOfUser(userId: string) {
      return db
        .select({ s: storeSubscriptions, name: goods.name })
        .from(storeSubscriptions)
        .innerJoin(goods, eq(goods.code, storeSubscriptions.goodsCode))
        .where(eq(storeSubscriptions.userId, userId))
        .orderBy(desc(storeSubscriptions.createdAt));
    },
    /** The member's subscriptions in `states`. */
    async ofUserIn(userId: string, states: SubscriptionRow['state'][]) {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.state, states)));
    },
    /** A customer the member already has at the provider (a card on file), or null. */
    async customerOf(userId: string, provider: 'stripe') {
      const [row] = await db
        .select({ customer: subscriptions.providerCustomerId })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.provider, provider),
            isNotNull(subscriptions.providerCustomerId),
          ),
        )
        .orderBy(desc(subscriptions.createdAt))
        .limit(1);
      return row?.customer ?? null;
    },
    /** Records an event id; false when it was recorded before (the event was applied already). */
    async claimEvent(row: typeof subscriptionEvents.$inferInsert): Promise<boolean> {
      const rows = await db.insert(subscriptionEvents).values(row).onConflictDoNothing().returning();
      return rows.length === 1;
    },
    /** What applying an event came to (a copy of a refused one is refused the same way). */
    async eventOutcome(provider: EventProvider, eventId: string): Promise<string | null> {
      const rows = await db
        .select({ outcome: subscriptionEvents.outcome })
        .from(subscriptionEvents)
        .where(and(eq(subscriptionEvents.provider, provider), eq(subscriptionEvents.eventId, eventId)));
      return rows[0]?.outcome ?? null;
    },
    async setEventOutcome(provider: EventProvider, eventId: string, outcome: string) {
      await db
        .update(subscriptionEvents)
        .set({ outcome })
        .where(and(eq(subscriptionEvents.provider, provider), eq(subscriptionEvents.eventId, eventId)));
    },
    /** Renewing subscriptions whose period ends in (from, to] (ours: a store reminds of its own). */
    async renewingBetween(from: Date, to: Date, limit: number) {
      return db
        .select({ s: subscriptions, name: goods.name })
        .from(subscriptions)
        .innerJoin(goods, eq(goods.code, subscriptions.goodsCode))
        .where(
          and(
            eq(subscriptions.state, 'active'),
            eq(subscriptions.cancelAtPeriodEnd, false),
            gt(subscriptions.periodEnd, from),
            lte(subscriptions.periodEnd, to),
          ),
        )
        .orderBy(asc(subscriptions.periodEnd))
        .limit(limit);
    },
    /** Whether the member has a subscription of the goods that renews (so its end is no end). */
    async renews(userId: string, goodsCode: string) {
      const [atStore] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(storeSubscriptions)
        .where(
          and(
            eq(storeSubscriptions.userId, userId),
            eq(storeSubscriptions.goodsCode, goodsCode),
            inArray(storeSubscriptions.state, ['active', 'pastDue']),
            eq(storeSubscriptions.autoRenewing, true),
          ),
        );
      if ((atStore?.n ?? 0) > 0) return true;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.goodsCode, goodsCode),
            inArray(subscriptions.state, ['active', 'pastDue']),
            eq(subscriptions.cancelAtPeriodEnd, false),
          ),
        );
      return (row?.n ?? 0) > 0;
    },
    /** Records a reminder; false when it was sent before. */
    async claimReminder(row: typeof membershipReminders.$inferInsert): Promise<boolean> {
      const rows = await db.insert(membershipReminders).values(row).onConflictDoNothing().returning();
      return rows.length === 1;
    },
  };
}
export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
