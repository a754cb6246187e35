import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { orders } from './commerce.ts';
import { userRef, users } from './users.ts';

/** A member's billing details for receipts (overseas build; docs/decisions/0055-receipts.md). */
export const billingDetails = pgTable('billing_details', {
  userId: userRef().primaryKey(),
  name: text('name').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2').notNull().default(''),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull().default(''),
  region: text('region').notNull().default(''),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  /** VAT/GST id, normalised (upper case, no separators); '' when none. */
  taxId: text('tax_id').notNull().default(''),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The last number given in each series (`R-US` receipts, `CN-US` credit notes): taken with
 * `UPDATE … RETURNING` in the payment's or refund's transaction, so numbers are consecutive
 * and gap-free (a rolled-back transaction gives its number back).
 */
export const receiptCounters = pgTable('receipt_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * A receipt (one per paid order) or a credit note (one per refund). The buyer's billing details,
 * the seller and the goods are copied when it is issued, so later edits never change it; it is
 * kept after the member's account is deleted, as the law requires.
 */
export const receipts = pgTable(
  'receipts',
  {
    number: text('number').primaryKey(),
    kind: text('kind', { enum: ['receipt', 'creditNote'] }).notNull(),
    series: text('series').notNull(),
    seq: integer('seq').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    /** A credit note's receipt. */
    refersTo: text('refers_to'),
    amount: integer('amount').notNull(),
    tax: integer('tax').notNull().default(0),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    goodsName: text('goods_name').notNull(),
    quantity: integer('quantity').notNull(),
    payMethod: integer('pay_method'),
    provider: text('provider'),
    /** The buyer as at payment time: the billing details (null when none were saved) and the e-mail. */
    buyer: jsonb('buyer'),
    buyerEmail: text('buyer_email'),
    /** The seller as configured (RECEIPT_SELLER_*) when it was issued. */
    seller: jsonb('seller').notNull(),
    issuedAt: at('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('receipts_series_seq_key').on(t.series, t.seq),
    uniqueIndex('receipts_order_receipt_key').on(t.orderNo).where(sql`${t.kind} = 'receipt'`),
    index('receipts_order_idx').on(t.orderNo, t.issuedAt),
  ],
);
