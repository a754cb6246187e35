import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, bytea, createdAtColumn, idColumn } from './columns.ts';
import { orders } from './commerce.ts';
import { userRef, users } from './users.ts';

const titleKind = { enum: ['personal', 'company'] as const };

/** Saved invoice titles of an account; at most one default. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: idColumn(),
    userId: userRef(),
    kind: text('kind', titleKind).notNull(),
    name: text('name').notNull(),
    taxNo: text('tax_no').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('invoice_titles_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('invoice_titles_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * An application for an invoice and its outcome (docs/decisions/0010-invoices.md);
 * the title is copied so later edits of saved titles do not change it.
 */
export const invoices = pgTable(
  'invoices',
  {
    invoiceNo: text('invoice_no').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['ordinary', 'specialVat'] }).notNull(),
    titleKind: text('title_kind', titleKind).notNull(),
    titleName: text('title_name').notNull(),
    taxNo: text('tax_no').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    bankName: text('bank_name').notNull(),
    bankAccount: text('bank_account').notNull(),
    email: text('email').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['invoicing', 'invoiced', 'failed', 'reissuing', 'voided'] }).notNull(),
    /** The provider's reference of the submission. */
    providerRef: text('provider_ref'),
    /** The provider's invoice number once issued. */
    fiscalNo: text('fiscal_no'),
    failReason: text('fail_reason'),
    /** The provider's reference of the red-letter reversal of a voided invoice. */
    redRef: text('red_ref'),
    /** When the electronic copy was mailed to `email` (once: docs/decisions/0041-e-invoicing-platform.md). */
    mailedAt: at('mailed_at'),
    /** The failed or voided invoice this one applies again for. */
    reissueOf: text('reissue_of'),
    appliedAt: at('applied_at').notNull(),
    issuedAt: at('issued_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.appliedAt),
    index('invoices_status_idx').on(t.status, t.updatedAt),
    uniqueIndex('invoices_reissue_key').on(t.reissueOf),
  ],
);

/**
 * The orders of an invoice. `live` is true while the invoice is invoicing,
 * reissuing or invoiced; the unique partial index keeps an order on one live
 * invoice only, whatever requests race.
 */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceNo: text('invoice_no')
      .notNull()
      .references(() => invoices.invoiceNo, { onDelete: 'cascade' }),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    amount: integer('amount').notNull(),
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceNo, t.orderNo] }),
    uniqueIndex('invoice_orders_live_key').on(t.orderNo).where(sql`${t.live}`),
  ],
);

/** The issued invoice's file as the provider gave it, fetched once and kept (docs/decisions/0041-e-invoicing-platform.md). */
export const invoiceFiles = pgTable('invoice_files', {
  invoiceNo: text('invoice_no')
    .primaryKey()
    .references(() => invoices.invoiceNo, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  keptAt: createdAtColumn(),
});
