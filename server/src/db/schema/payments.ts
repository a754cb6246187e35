import { bigserial, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './commerce.ts';
import { users } from './users.ts';

const PROVIDERS = ['sandbox', 'alipay', 'wechat', 'stripe'] as const;

/** Every payment started for an order: which gateway, how much; reconciliation asks that gateway. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    payMethod: integer('pay_method').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_attempts_order_idx').on(t.orderNo, t.createdAt)],
);

/** Every verified gateway notification (or reconciliation answer) and what it did. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    via: text('via', { enum: ['notify', 'query'] }).notNull(),
    orderNo: text('order_no').notNull(),
    tradeNo: text('trade_no').notNull(),
    paid: boolean('paid').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome', {
      enum: ['granted', 'duplicate', 'failed', 'refundDue', 'ignored', 'refunded'],
    }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_order_idx').on(t.orderNo, t.receivedAt)],
);

/** The built-in sandbox gateway's own ledger (it plays the provider's side). */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    tradeNo: text('trade_no').primaryKey(),
    orderNo: text('order_no').notNull(),
    merchant: text('merchant').notNull(),
    subject: text('subject').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: ['page', 'qr'] }).notNull(),
    state: text('state', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_payments_order_idx').on(t.orderNo)],
);

/** Failed redeem attempts per account, for throttling (docs/protocol.md#throttling-and-rate-limits). */
export const redeemFailures = pgTable(
  'redeem_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [index('redeem_failures_user_idx').on(t.userId, t.at)],
);
