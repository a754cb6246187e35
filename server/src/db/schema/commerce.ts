import { ORDER_TYPES, REDEEM_BUYERS, SERVICE_TYPES } from '@ac/protocol/enums';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { userRef, users } from './users.ts';

export const goods = pgTable('goods', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  productType: text('product_type').notNull(),
  accountType: text('account_type').notNull(),
  level: integer('level').notNull(),
  serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
  durationDays: integer('duration_days').notNull(),
  priceUsd: integer('price_usd').notNull(),
  priceCny: integer('price_cny').notNull(),
  storageGb: integer('storage_gb').notNull().default(0),
  active: integer('active').notNull().default(1),
});

/** A period of membership granted by an order, a redeem code or a company seat. */
export const memberships = pgTable(
  'memberships',
  {
    id: idColumn(),
    userId: userRef(),
    goodsCode: text('goods_code')
      .notNull()
      .references(() => goods.code),
    sourceType: text('source_type', { enum: ['order', 'redeem', 'company', 'admin'] }).notNull(),
    sourceId: text('source_id').notNull(),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('memberships_user_idx').on(t.userId, t.endTime)],
);

export const orders = pgTable(
  'orders',
  {
    orderNo: text('order_no').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    goodsCode: text('goods_code')
      .notNull()
      .references(() => goods.code),
    quantity: integer('quantity').notNull().default(1),
    serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
    channel: text('channel').notNull(),
    orderType: text('order_type', { enum: ORDER_TYPES }).notNull(),
    status: integer('status').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    orderAmount: integer('order_amount').notNull(),
    payAmount: integer('pay_amount').notNull(),
    refundAmount: integer('refund_amount').notNull().default(0),
    /** Taken off by the coupon the order holds; the gateways are asked for orderAmount - discountAmount. */
    discountAmount: integer('discount_amount').notNull().default(0),
    couponCode: text('coupon_code'),
    payMethod: integer('pay_method'),
    payTime: at('pay_time'),
    startDate: at('start_date'),
    endDate: at('end_date'),
    /** The redeem code an `exchange` order redeemed. */
    redeemSerialNo: text('redeem_serial_no'),
    /** A `redeemCodes` order: the days of membership each of its `quantity` codes grants. */
    codeDays: integer('code_days'),
    /** A period of a renewing membership (docs/product.md#renewing-memberships): our subscription id and the provider's invoice. */
    subscriptionId: uuid('subscription_id'),
    invoiceId: text('invoice_id'),
    createdAt: createdAtColumn(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // order/list: one user's orders newest first (read backwards), with the tie-breaker
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.orderNo),
    index('orders_status_idx').on(t.status, t.updatedAt),
    // one order per provider invoice: a paid period is applied exactly once
    uniqueIndex('orders_invoice_key').on(t.invoiceId),
    index('orders_subscription_idx').on(t.subscriptionId, t.endDate),
    // the console's dashboard: orders paid per day and currency, read from the index alone (docs/operations.md#dashboard)
    index('orders_pay_time_idx').on(t.payTime, t.currency, t.payAmount).where(sql`${t.payTime} is not null`),
  ],
);

/**
 * A batch of redeem codes issued at once (the console's redeem-code batches, `codes generate`):
 * what its codes grant and how long they can be redeemed; codes bought by members have none.
 */
export const redeemCodeBatches = pgTable('redeem_code_batches', {
  id: idColumn(),
  goodsCode: text('goods_code')
    .notNull()
    .references(() => goods.code),
  kind: text('kind', { enum: ['personal', 'company'] }).notNull(),
  source: text('source', { enum: ['systemRelease', 'activityAward', 'paidPurchase', 'freeGift'] }).notNull(),
  durationDays: integer('duration_days').notNull(),
  quantity: integer('quantity').notNull(),
  validFrom: at('valid_from').notNull(),
  validTo: at('valid_to').notNull(),
  /** Who issued it: a staff email, or `command-line`. */
  issuedBy: text('issued_by').notNull(),
  /** When its codes not yet redeemed were abolished (the whole batch voided). */
  abolishedAt: at('abolished_at'),
  createdAt: createdAtColumn(),
});

export const redeemCodes = pgTable(
  'redeem_codes',
  {
    serialNo: text('serial_no').primaryKey(),
    /** The batch it was issued in; null for a code bought by a member. */
    batchId: uuid('batch_id').references(() => redeemCodeBatches.id),
    code: text('code').notNull().unique(),
    goodsCode: text('goods_code')
      .notNull()
      .references(() => goods.code),
    kind: text('kind', { enum: ['personal', 'company'] })
      .notNull()
      .default('personal'),
    state: text('state', {
      enum: ['exchanged', 'unused', 'expired', 'void', 'preOccupied', 'abolished', 'refundHeld'],
    }).notNull(),
    source: text('source', {
      enum: ['systemRelease', 'activityAward', 'paidPurchase', 'freeGift'],
    }).notNull(),
    durationDays: integer('duration_days').notNull(),
    licenseQty: integer('license_qty').notNull().default(1),
    externalCollabQty: integer('external_collab_qty').notNull().default(0),
    extraLicenseQty: integer('extra_license_qty').notNull().default(0),
    extraExternalCollabQty: integer('extra_external_collab_qty').notNull().default(0),
    extraDurationDays: integer('extra_duration_days').notNull().default(0),
    validFrom: at('valid_from').notNull(),
    validTo: at('valid_to').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemAccount: text('redeem_account'),
    redeemTime: at('redeem_time'),
    /** The `redeemCodes` order that bought the code. */
    redeemOrderNo: text('redeem_order_no'),
    /** The address the buyer last mailed the code to, and when. */
    handedTo: text('handed_to'),
    handedAt: at('handed_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // redeem/list: one holder's codes newest first (read backwards), with the tie-breaker
    index('redeem_codes_owner_created_idx').on(t.ownerUserId, t.createdAt, t.serialNo),
    index('redeem_codes_redeemer_idx').on(t.redeemedBy),
    index('redeem_codes_batch_idx').on(t.batchId, t.serialNo),
    index('redeem_codes_order_idx').on(t.redeemOrderNo, t.serialNo),
    // the console's dashboard: codes redeemed per day
    index('redeem_codes_redeem_time_idx').on(t.redeemTime).where(sql`${t.redeemTime} is not null`),
    // Codes match case-insensitively, ignoring dashes and spaces (normalizeRedeemCode).
    uniqueIndex('redeem_codes_match_key').using(
      'btree',
      sql`upper(regexp_replace(${t.code}, '[[:space:]-]', '', 'g'))`,
    ),
  ],
);

/**
 * What can be bought as redeem codes (docs/product.md#buying-redeem-codes): a goods code and the
 * days each code grants, at a price per code in each currency, in a quantity range, for anyone
 * or only for the admins of a company. The orders are `redeemCodes` orders in `orders`.
 */
export const redeemOffers = pgTable(
  'redeem_offers',
  {
    goodsCode: text('goods_code')
      .notNull()
      .references(() => goods.code),
    durationDays: integer('duration_days').notNull(),
    priceUsd: integer('price_usd').notNull(),
    priceCny: integer('price_cny').notNull(),
    minQuantity: integer('min_quantity').notNull().default(1),
    maxQuantity: integer('max_quantity').notNull().default(500),
    buyers: text('buyers', { enum: REDEEM_BUYERS }).notNull(),
    active: integer('active').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.goodsCode, t.durationDays] })],
);
