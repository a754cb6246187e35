import { bigserial, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { orders } from './commerce.ts';
import { userRef } from './users.ts';

const PROVIDERS = ['sandbox', 'alipay', 'wechat', 'stripe', 'paypal', 'fastspring'] as const;

/** Every payment started for an order: which gateway, how much; reconciliation asks that gateway. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: idColumn(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    payMethod: integer('pay_method').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    /** The gateway's own id of this payment when only it can find it again (PayPal's order id); else null. */
    gatewayRef: text('gateway_ref'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('payment_attempts_order_idx').on(t.orderNo, t.createdAt)],
);

/** Every verified gateway notification (or reconciliation answer) and what it did. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    /** notify: the gateway's notification; query: our question; answer: the synchronous answer to a refund. */
    via: text('via', { enum: ['notify', 'query', 'answer'] }).notNull(),
    orderNo: text('order_no').notNull(),
    tradeNo: text('trade_no').notNull(),
    paid: boolean('paid').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome', {
      enum: ['granted', 'duplicate', 'failed', 'refundDue', 'ignored', 'refunded', 'refundFailed'],
    }).notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_order_idx').on(t.orderNo, t.receivedAt)],
);

/**
 * Every refund asked of a gateway (docs/decisions/0026-gateway-refunds.md): our refund number is
 * the gateway's idempotency key (Alipay out_request_no, WeChat Pay out_refund_no, Stripe
 * Idempotency-Key), so asking again with it never refunds twice. `open` until the gateway
 * confirms (→ succeeded, the order records the refund) or refuses (→ failed); open amounts are
 * reserved, so refunds asked together never exceed the paid amount.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    refundNo: text('refund_no').primaryKey(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PROVIDERS }).notNull(),
    /** The gateway's payment refunded from (the trade number of the payment report). */
    tradeNo: text('trade_no').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: ['USD', 'CNY'] }).notNull(),
    state: text('state', { enum: ['open', 'succeeded', 'failed'] })
      .notNull()
      .default('open'),
    /** The gateway's id of the refund, once it answered. */
    gatewayRefundId: text('gateway_refund_id'),
    /** Why the gateway refused it: our code and the gateway's own code and message. */
    failure: text('failure'),
    createdAt: createdAtColumn(),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('refund_requests_order_idx').on(t.orderNo, t.createdAt),
    index('refund_requests_open_idx').on(t.state, t.createdAt),
  ],
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
    createdAt: createdAtColumn(),
    decidedAt: at('decided_at'),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    acknowledgedAt: at('acknowledged_at'),
  },
  (t) => [index('sandbox_payments_order_idx').on(t.orderNo)],
);

/** Failed redeem attempts per account, for throttling (docs/protocol.md#throttling-and-rate-limits). */
export const redeemFailures = pgTable(
  'redeem_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    at: at('at').notNull().defaultNow(),
    reason: text('reason').notNull(),
  },
  (t) => [index('redeem_failures_user_idx').on(t.userId, t.at)],
);
