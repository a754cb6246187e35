import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { userRef, users } from './users.ts';

/**
 * Coupon campaigns (docs/product.md#coupon-campaigns, docs/decisions/0049-coupon-campaigns.md): the
 * rules staff set in the console for every coupon issued from it — amount (in the region's
 * currency) or percent off, goods codes (null: all), validity, per-user and total limits counted
 * over all its coupons, and a minimum list price of the order (`minCharge`, minor units of
 * `currency`). Ending it voids its coupons; uses already made stand.
 */
export const couponCampaigns = pgTable('coupon_campaigns', {
  id: idColumn(),
  name: text('name').notNull(),
  region: text('region', { enum: ['us', 'cn'] }).notNull(),
  kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
  amountOff: integer('amount_off'),
  percentOff: integer('percent_off'),
  /** The region's currency: amounts off and the minimum charge are in it, and only its orders qualify. */
  currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
  goodsCodes: text('goods_codes').array(),
  validFrom: at('valid_from').notNull(),
  validTo: at('valid_to').notNull(),
  perUserLimit: integer('per_user_limit').notNull(),
  totalLimit: integer('total_limit'),
  minCharge: integer('min_charge').notNull().default(0),
  /** The staff e-mail that created it. */
  createdBy: text('created_by').notNull(),
  createdAt: createdAtColumn(),
  endedAt: at('ended_at'),
  endedBy: text('ended_by'),
});

/**
 * Coupons (docs/product.md#coupons): an amount off in one currency or a
 * whole percentage off, for some goods codes or all (null), within a
 * validity window, used at most `perUserLimit` times by one user and
 * `totalLimit` times in all (null: no total limit). `uses` counts the live
 * uses, changed only under the row's lock.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    /** Normalised: upper case, no spaces or dashes (normalizeCouponCode). */
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
    amountOff: integer('amount_off'),
    /** The currency of an amount off; null for a percentage (any currency). */
    currency: text('currency', { enum: ['USD', 'CNY'] }),
    percentOff: integer('percent_off'),
    goodsCodes: text('goods_codes').array(),
    validFrom: at('valid_from').notNull(),
    validTo: at('valid_to').notNull(),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    totalLimit: integer('total_limit'),
    uses: integer('uses').notNull().default(0),
    /** public: anyone with the code; granted: only the users it was granted to. */
    audience: text('audience', { enum: ['public', 'granted'] }).notNull(),
    voidedAt: at('voided_at'),
    createdAt: createdAtColumn(),
    /** The campaign it was issued from (its rules apply besides the coupon's own); null: the command line's. */
    campaignId: uuid('campaign_id').references((): AnyPgColumn => couponCampaigns.id),
  },
  (t) => [index('coupons_campaign_idx').on(t.campaignId)],
);

/** Who holds a granted coupon (a public one may be granted too, to show under my coupons). */
export const couponGrants = pgTable(
  'coupon_grants',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: userRef(),
    grantedAt: at('granted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] }), index('coupon_grants_user_idx').on(t.userId)],
);

/**
 * One use of a coupon by an order; live until `releasedAt` (the order was
 * cancelled or expired unpaid). A refund does not release it. An order holds
 * at most one live use.
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: idColumn(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    // kept when the account is deleted: the use still counts against the total
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderNo: text('order_no').notNull(),
    /** The coupon's campaign, copied so its limits count without a join. */
    campaignId: uuid('campaign_id').references(() => couponCampaigns.id),
    discount: integer('discount').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    createdAt: createdAtColumn(),
    releasedAt: at('released_at'),
  },
  (t) => [
    uniqueIndex('coupon_uses_live_order_key').on(t.orderNo).where(sql`${t.releasedAt} is null`),
    index('coupon_uses_user_idx').on(t.userId, t.couponId),
    index('coupon_uses_campaign_idx').on(t.campaignId, t.userId).where(sql`${t.releasedAt} is null`),
  ],
);
