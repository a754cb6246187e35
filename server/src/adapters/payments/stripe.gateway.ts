/**
 * Stripe (the official `stripe` SDK; docs/decisions/0015-stripe.md): a
 * hosted Checkout Session per payment, webhooks verified with the endpoint
 * secret on the raw body (`checkout.session.completed`,
 * `…async_payment_succeeded`, `…async_payment_failed`, `charge.refunded`),
 * PaymentIntent search for reconciliation and the Refunds API (a refund's
 * own number in its metadata and as its idempotency key; listed by
 * PaymentIntent when its webhook was lost). Amounts are
 * minor units on both sides; Stripe writes currencies in lower case. Our
 * order number travels as `client_reference_id` and as `order_no` metadata
 * of the session and its PaymentIntent. The "merchant" checked in every
 * report is the key's mode (`live` or `test`): a test-mode event is never
 * taken by a live server. The renewing memberships' events are read by stripe-billing.ts and
 * reported as billing events (docs/decisions/0043-subscriptions.md).
 */

import { Code } from '@ac/protocol/codes';
import type { TCheckoutReturn } from '@ac/protocol/enums';
import { httpPaths } from '@ac/protocol/http-paths';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { lazy } from '../../lib/lazy.ts';
import { billingEventOf } from './stripe-billing.ts';
import {
  type PaymentGateway,
  type PaymentReport,
  type QueryResult,
  type RefundReport,
  refundRefusal,
} from './types.ts';

/** Seconds a webhook's signed timestamp may be old (Stripe's default tolerance). */
export const STRIPE_WEBHOOK_TOLERANCE = 300;
const TIMEOUT_MS = 10_000;

type Options = {
  config: StripeConfig;
  /** Where the payer returns: our order pages. */
  returnUrl: string;
  now?: () => Date;
};

export const modeOf = (secretKey: string) => (/^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test');

/** The SDK client; STRIPE_API_BASE (tests) points it at a local fake instead of api.stripe.com. */
export async function stripeClient(config: StripeConfig): Promise<Stripe> {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'account-center' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? ''));

function sessionReport(
  s: Stripe.Checkout.Session,
  livemode: boolean,
  result: 'paid' | 'failed',
  at: Date,
): PaymentReport {
  const orderNo = s.client_reference_id ?? '';
  const tagged = s.metadata?.order_no;
  if (!orderNo || (tagged !== undefined && tagged !== orderNo)) {
    throw new AppError(Code.paymentMismatch, `stripe session ${s.id} names no order or two`);
  }
  return {
    provider: 'stripe',
    orderNo,
    tradeNo: idOf(s.payment_intent) || s.id,
    merchant: livemode ? 'live' : 'test',
    amount: s.amount_total ?? Number.NaN,
    currency: (s.currency ?? '').toUpperCase(),
    result,
    paidAt: result === 'paid' ? at : null,
    // Stripe Tax's amount within the total; null when the session computed none
    tax: s.total_details?.amount_tax ?? null,
  };
}

function chargeRefundReport(c: Stripe.Charge, livemode: boolean, at: Date): RefundReport {
  return {
    provider: 'stripe',
    result: 'refunded',
    orderNo: c.metadata?.order_no ?? null,
    tradeNo: idOf(c.payment_intent),
    merchant: livemode ? 'live' : 'test',
    amount: c.amount,
    currency: c.currency.toUpperCase(),
    refundedTotal: c.amount_refunded,
    at,
  };
}

/** A Stripe API failure as our catalogue code, keeping Stripe's own code and message for the log. */
export function providerFailed(e: unknown): AppError {
  if (e instanceof AppError) return e;
  const err = e as { type?: string; code?: string; message?: string; statusCode?: number };
  return new AppError(
    Code.paymentProviderFailed,
    `stripe ${err.statusCode ?? ''} ${err.type ?? ''} ${err.code ?? ''}: ${err.message ?? String(e)}`.trim(),
  );
}

/** Stripe refusing a refund (a 4xx invalid request: already refunded, disputed, too old) or unreachable. */
function refundFailed(e: unknown): AppError {
  const err = e as { type?: string; code?: string; message?: string; statusCode?: number };
  const status = err.statusCode ?? 0;
  if (err.type !== 'StripeInvalidRequestError' || status < 400 || status >= 500 || status === 401 || status === 429) {
    return providerFailed(e);
  }
  const code = err.code === 'charge_expired_for_refund' ? Code.refundPeriodOver : Code.refundRefused;
  return refundRefusal('stripe', err.code ?? String(status), err.message ?? '', code);
}

export function createStripeGateway(o: Options): PaymentGateway {
  // the SDK loads on the first call (lib/lazy.ts)
  const client = lazy(() => stripeClient(o.config));
  const now = o.now ?? (() => new Date());
  const merchant = modeOf(o.config.secretKey);
  const back = (orderNo: string, outcome: TCheckoutReturn) =>
    `${o.returnUrl}?${new URLSearchParams({ orderNo, checkout: outcome })}`;

  return {
    name: 'stripe',
    merchant,
    currencies: ['USD'],
    async start(req) {
      const stripe = await client();
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          client_reference_id: req.orderNo,
          metadata: { order_no: req.orderNo },
          payment_intent_data: { metadata: { order_no: req.orderNo } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: req.currency.toLowerCase(),
                unit_amount: req.amount,
                product_data: { name: req.subject.slice(0, 250) || req.orderNo },
              },
            },
          ],
          success_url: back(req.orderNo, 'paid'),
          cancel_url: back(req.orderNo, 'cancelled'),
        });
        if (!session.url) throw new AppError(Code.paymentProviderFailed, `stripe session ${session.id} has no url`);
        return { kind: 'page', payUrl: session.url };
      } catch (e) {
        throw providerFailed(e);
      }
    },
    async verify(n) {
      const stripe = await client();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          n.rawBody,
          n.headers['stripe-signature'] ?? '',
          o.config.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE,
          undefined,
          now().getTime(),
        );
      } catch (e) {
        throw new AppError(Code.badSignature, (e as Error).message);
      }
      const at = new Date(event.created * 1000);
      // the renewing memberships' events (stripe-billing.ts)
      const billing = billingEventOf(event);
      if (billing) return { result: 'billing', provider: 'stripe', event: billing };
      switch (event.type) {
        case 'checkout.session.completed':
          // an asynchronous method (a bank debit) completes the session unpaid: its own event follows
          return event.data.object.payment_status === 'paid'
            ? sessionReport(event.data.object, event.livemode, 'paid', at)
            : null;
        case 'checkout.session.async_payment_succeeded':
          return sessionReport(event.data.object, event.livemode, 'paid', at);
        case 'checkout.session.async_payment_failed':
          return sessionReport(event.data.object, event.livemode, 'failed', at);
        case 'charge.refunded':
          return chargeRefundReport(event.data.object, event.livemode, at);
        default:
          return null;
      }
    },
    async query(orderNo): Promise<QueryResult> {
      const stripe = await client();
      let found: Stripe.PaymentIntent[];
      try {
        const res = await stripe.paymentIntents.search({ query: `metadata['order_no']:'${orderNo}'`, limit: 10 });
        found = res.data;
      } catch (e) {
        throw providerFailed(e);
      }
      const paid = found.find((p) => p.status === 'succeeded');
      if (!paid) return { result: 'pending' };
      return {
        provider: 'stripe',
        orderNo: paid.metadata.order_no ?? orderNo,
        tradeNo: paid.id,
        merchant: paid.livemode ? 'live' : 'test',
        amount: paid.amount_received,
        currency: paid.currency.toUpperCase(),
        result: 'paid',
        paidAt: new Date(paid.created * 1000),
      };
    },
    async refund(r) {
      const stripe = await client();
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: r.tradeNo, amount: r.amount, metadata: { order_no: r.orderNo, refund_no: r.refundNo } },
          { idempotencyKey: r.refundNo },
        );
        // the order changes when charge.refunded arrives
        return { state: 'pending', refundId: refund.id };
      } catch (e) {
        throw refundFailed(e);
      }
    },
    async queryRefund(r) {
      const stripe = await client();
      let found: Stripe.Refund | undefined;
      try {
        const list = await stripe.refunds.list({ payment_intent: r.tradeNo, limit: 100 });
        found = list.data.find((x) => x.metadata?.refund_no === r.refundNo);
      } catch (e) {
        throw providerFailed(e);
      }
      if (!found) return { state: 'unknown' };
      if (found.amount !== r.amount) throw new AppError(Code.paymentMismatch, `stripe refund ${r.refundNo}`);
      if (found.status === 'succeeded') {
        return { state: 'succeeded', refundId: found.id, at: new Date(found.created * 1000) };
      }
      if (found.status === 'failed' || found.status === 'canceled') {
        return { state: 'failed', refundId: found.id, reason: `${found.status} ${found.failure_reason ?? ''}`.trim() };
      }
      return { state: 'pending', refundId: found.id };
    },
    ack: {
      ok: { status: 200, contentType: 'application/json', body: JSON.stringify({ received: true }) },
      fail: { status: 400, contentType: 'application/json', body: JSON.stringify({ received: false }) },
    },
  };
}

export const STRIPE_WEBHOOK_PATH = httpPaths.stripeWebhook;
