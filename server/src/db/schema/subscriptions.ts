/**
 * Renewing memberships (docs/product.md#renewing-memberships, docs/decisions/0043-subscriptions.md):
 * the renewing prices of the goods, each member's renewing membership at its provider, the
 * provider events already applied (each exactly once) and the reminder mails already sent.
 * The orders of the paid periods are `orders` rows naming the subscription and the invoice.
 */
import { RENEWAL_INTERVALS, SUBSCRIPTION_STATES } from '@ac/protocol/enums';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { goods } from './commerce.ts';
import { userRef } from './users.ts';

/** A goods code's price per renewal interval, in each currency (minor units). */
export const renewalPlans = pgTable(
  'renewal_plans',
  {
    goodsCode: text('goods_code')
      .notNull()
      .references(() => goods.code),
    interval: text('interval', { enum: RENEWAL_INTERVALS }).notNull(),
    priceUsd: integer('price_usd').notNull(),
    priceCny: integer('price_cny').notNull(),
    active: integer('active').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.goodsCode, t.interval] })],
);

/**
 * One renewing membership of a member at a provider: Stripe Billing overseas, an Alipay agreement
 * (periodic deduction) in China — there we charge each period ourselves (`next_charge_at`).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    /** Our id: the provider carries it as `subscription_ref` metadata and the checkout's client_reference_id. */
    id: idColumn(),
    userId: userRef(),
    provider: text('provider', { enum: ['stripe', 'alipay'] }).notNull(),
    /**
     * The provider's subscription and customer, known once its checkout completed (or its first
     * invoice arrived); for Alipay the agreement_no and the buyer's alipay_user_id, once signed.
     */
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    goodsCode: text('goods_code')
      .notNull()
      .references(() => goods.code),
    interval: text('interval', { enum: RENEWAL_INTERVALS }).notNull(),
    /** The price of one interval, minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    state: text('state', { enum: SUBSCRIPTION_STATES }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    periodStart: at('period_start'),
    periodEnd: at('period_end'),
    /** A downgrade scheduled for the period end (a provider schedule): the plan it changes to. */
    scheduleId: text('schedule_id'),
    nextGoodsCode: text('next_goods_code').references(() => goods.code),
    nextInterval: text('next_interval', { enum: RENEWAL_INTERVALS }),
    /** The language of the member's mails, from the client that subscribed. */
    language: text('language').notNull(),
    /** Alipay: our external_agreement_no of the signing under way (a new one for each signing), 32 hex digits. */
    signRef: text('sign_ref'),
    /** Alipay: when the next deduction is due (a day before the period end, then the retries); null when none. */
    nextChargeAt: at('next_charge_at'),
    /** Alipay: the failed deductions of the period being charged. */
    chargeFailures: integer('charge_failures').notNull().default(0),
    /** Alipay: the order of the period being charged (its out_trade_no), until it is paid or given up. */
    chargeOrderNo: text('charge_order_no'),
    /** The time of the provider's latest subscription state applied; older events change nothing. */
    syncedAt: at('synced_at'),
    createdAt: createdAtColumn(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_key').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    index('subscriptions_period_end_idx').on(t.state, t.periodEnd),
    uniqueIndex('subscriptions_sign_ref_key').on(t.signRef),
    index('subscriptions_next_charge_idx').on(t.nextChargeAt),
  ],
);

/** Every provider event applied, once: the same event again is a duplicate (Stripe Billing; Alipay agreement notifications by notify_id; App Store notifications by their UUID, docs/decisions/0048-app-store-purchases.md). */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    provider: text('provider', { enum: ['stripe', 'alipay', 'appStore', 'googlePlay', 'fastspring'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    subscriptionId: text('subscription_id'),
    outcome: text('outcome').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The reminder mails sent: one per member, goods code, kind and end (docs/product.md#renewing-memberships);
 * the daily job inserts first and mails only what it inserted.
 */
export const membershipReminders = pgTable(
  'membership_reminders',
  {
    userId: userRef(),
    goodsCode: text('goods_code').notNull(),
    kind: text('kind', { enum: ['renewal', 'ending'] }).notNull(),
    endsAt: at('ends_at').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.goodsCode, t.kind, t.endsAt] })],
);

/**
 * A renewing membership the member holds at a store (docs/decisions/0048-app-store-purchases.md,
 * docs/decisions/0053-popup-storefront.md): an App Store or Google Play subscription of the
 * mobile app, a FastSpring subscription of the popup storefront. The store charges and renews it;
 * we only follow its notifications (its periods are `orders` rows) and show it in the product
 * centre with a link to manage it at the store. Written with each notification that names it.
 */
export const storeSubscriptions = pgTable(
  'store_subscriptions',
  {
    id: idColumn(),
    userId: userRef(),
    store: text('store', { enum: ['appStore', 'googlePlay', 'fastspring'] }).notNull(),
    /** The store's id: the App Store's originalTransactionId, Google Play's purchase token, FastSpring's subscription id. */
    storeSubscriptionId: text('store_subscription_id').notNull(),
    /** The store's product id, and our goods code it buys. */
    productId: text('product_id').notNull(),
    goodsCode: text('goods_code')
      .notNull()
      .references(() => goods.code),
    /** How often it renews, from the length of its first period. */
    interval: text('interval', { enum: RENEWAL_INTERVALS }).notNull(),
    /** The price of one period at the store, minor units of `currency`. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    state: text('state', { enum: SUBSCRIPTION_STATES }).notNull(),
    /** False once the member turned renewal off at the store: it runs to `expires_at`. */
    autoRenewing: boolean('auto_renewing').notNull(),
    /** The end of the paid period: the next renewal, or the end. */
    expiresAt: at('expires_at').notNull(),
    /** Where the member manages it at the store. */
    manageUrl: text('manage_url').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_subscriptions_store_id_key').on(t.store, t.storeSubscriptionId),
    index('store_subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);
