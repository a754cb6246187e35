/**
 * Stripe Billing (docs/decisions/0043-subscriptions.md): Checkout in `subscription` mode, the
 * subscription's cancel-at-period-end, a change of plan now with `proration_behavior:
 * always_invoice` (the difference charged at once, `error_if_incomplete`), a change at the
 * period end through a subscription schedule, the customer portal; and the subscription events
 * (`checkout.session.completed` in subscription mode, `invoice.paid`, `invoice.payment_failed`,
 * `customer.subscription.updated` / `.deleted`) read into BillingEvents. Each goods code is one
 * Stripe Product with our id `ac_<goods code>` (created on first use); prices are given inline
 * (`price_data`). Our subscription id travels as `subscription_ref` metadata of the session and
 * of the subscription (so of its invoices), with the goods code and interval it is for.
 */
import { Code } from '@ac/protocol/codes';
import { RENEWAL_INTERVALS, type TRenewalInterval } from '@ac/protocol/enums';
import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import type { BillingEvent, BillingInvoice, BillingPlan, BillingProvider, BillingSubscription } from './billing.ts';

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? ''));
const time = (sec: number | null | undefined) => (typeof sec === 'number' ? new Date(sec * 1000) : null);
const intervalOf = (v: string | undefined): TRenewalInterval | null => RENEWAL_INTERVALS.find((i) => i === v) ?? null;
/** The Stripe Product of a goods code. */
export const stripeProductId = (goodsCode: string) => `ac_${goodsCode.replace(/[^A-Za-z0-9_]/g, '_')}`;

function statusOf(s: Stripe.Subscription.Status): BillingSubscription['status'] {
  switch (s) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'pastDue';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    default:
      return 'incomplete';
  }
}

export function readSubscription(s: Stripe.Subscription): BillingSubscription {
  const item = s.items?.data?.[0];
  return {
    subscriptionId: s.id,
    customerId: idOf(s.customer),
    ref: s.metadata?.subscription_ref ?? null,
    goodsCode: s.metadata?.goods_code ?? null,
    interval: intervalOf(s.metadata?.interval),
    status: statusOf(s.status),
    cancelAtPeriodEnd: s.cancel_at_period_end,
    periodStart: time(item?.current_period_start),
    periodEnd: time(item?.current_period_end),
    scheduleId: s.schedule ? idOf(s.schedule) : null,
  };
}

function reasonOf(r: Stripe.Invoice.BillingReason | null): BillingInvoice['reason'] {
  if (r === 'subscription_create') return 'create';
  if (r === 'subscription_cycle') return 'cycle';
  if (r === 'subscription_update') return 'update';
  return 'other';
}

/** An invoice of a subscription; null for an invoice of no subscription (not ours to apply). */
export function readInvoice(i: Stripe.Invoice, paid: boolean): BillingInvoice | null {
  const details = i.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!subscriptionId || !i.id) return null;
  const periods = (i.lines?.data ?? []).map((l) => l.period).filter(Boolean);
  const start = Math.min(...periods.map((p) => p.start));
  const end = Math.max(...periods.map((p) => p.end));
  if (!Number.isFinite(start) || !Number.isFinite(end)) {
    throw new AppError(Code.paymentMismatch, `stripe invoice ${i.id} has no period`);
  }
  const meta = details?.metadata ?? {};
  return {
    invoiceId: i.id,
    subscriptionId,
    customerId: idOf(i.customer),
    ref: meta.subscription_ref ?? null,
    goodsCode: meta.goods_code ?? null,
    interval: intervalOf(meta.interval),
    reason: reasonOf(i.billing_reason),
    amount: paid ? i.amount_paid : i.amount_due,
    currency: i.currency.toUpperCase(),
    periodStart: new Date(start * 1000),
    periodEnd: new Date(end * 1000),
    nextAttempt: time(i.next_payment_attempt),
  };
}

/** A verified Stripe event as a billing event, or null when it is not one. */
export function billingEventOf(event: Stripe.Event): BillingEvent | null {
  const base = { eventId: event.id, type: event.type, at: new Date(event.created * 1000), livemode: event.livemode };
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      if (s.mode !== 'subscription') return null;
      const ref = s.client_reference_id ?? '';
      if (!ref || (s.metadata?.subscription_ref && s.metadata.subscription_ref !== ref) || !s.subscription) {
        throw new AppError(Code.paymentMismatch, `stripe session ${s.id} names no subscription or two`);
      }
      return {
        ...base,
        kind: 'checkoutCompleted',
        ref,
        subscriptionId: idOf(s.subscription),
        customerId: idOf(s.customer),
      };
    }
    case 'invoice.paid': {
      const invoice = readInvoice(event.data.object, true);
      return invoice && { ...base, kind: 'invoicePaid', invoice };
    }
    case 'invoice.payment_failed': {
      const invoice = readInvoice(event.data.object, false);
      return invoice && { ...base, kind: 'invoiceFailed', invoice };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscriptionChanged', subscription: readSubscription(event.data.object) };
    default:
      return null;
  }
}

type ClientOf = () => Promise<Stripe>;
type Fail = (e: unknown) => AppError;

/** Stripe declining the charge of a change of plan (a card error) as 2600006, anything else as `fail`. */
function declined(e: unknown, fail: Fail): AppError {
  const err = e as { type?: string; code?: string; decline_code?: string; message?: string };
  if (err.type === 'StripeCardError') {
    return new AppError(Code.subscriptionChargeDeclined, undefined, { reason: err.decline_code ?? err.code ?? '' });
  }
  return fail(e);
}

export function createStripeBilling(o: {
  client: ClientOf;
  mode: 'live' | 'test';
  /** Where the payer returns: the product centre. */
  returnUrl: string;
  fail: Fail;
}): BillingProvider {
  const products = new Set<string>();
  const call = async <T>(run: (stripe: Stripe) => Promise<T>): Promise<T> => {
    const stripe = await o.client();
    try {
      return await run(stripe);
    } catch (e) {
      throw o.fail(e);
    }
  };

  /** The goods' Product, created under our id the first time it is sold renewing. */
  async function product(stripe: Stripe, plan: BillingPlan): Promise<string> {
    const id = stripeProductId(plan.goodsCode);
    if (products.has(id)) return id;
    try {
      await stripe.products.retrieve(id);
    } catch (e) {
      if ((e as { statusCode?: number }).statusCode !== 404) throw e;
      await stripe.products.create({ id, name: plan.name.slice(0, 250) }, { idempotencyKey: `product-${id}` });
    }
    products.add(id);
    return id;
  }
  const priceData = async (stripe: Stripe, plan: BillingPlan) => ({
    currency: plan.currency.toLowerCase(),
    unit_amount: plan.amount,
    recurring: { interval: plan.interval },
    product: await product(stripe, plan),
  });
  const metadata = (ref: string, plan: BillingPlan) => ({
    subscription_ref: ref,
    goods_code: plan.goodsCode,
    interval: plan.interval,
  });

  return {
    name: 'stripe',
    mode: o.mode,
    checkout: (r) =>
      call(async (stripe) => {
        const back = (outcome: string) =>
          `${o.returnUrl}?${new URLSearchParams({ subscription: r.ref, checkout: outcome })}`;
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          client_reference_id: r.ref,
          metadata: { subscription_ref: r.ref },
          ...(r.customerId ? { customer: r.customerId } : r.email ? { customer_email: r.email } : {}),
          line_items: [{ quantity: 1, price_data: await priceData(stripe, r.plan) }],
          subscription_data: { metadata: { ...metadata(r.ref, r.plan), user_id: r.userId } },
          success_url: back('paid'),
          cancel_url: back('cancelled'),
        });
        if (!session.url) throw new AppError(Code.paymentProviderFailed, `stripe session ${session.id} has no url`);
        return { payUrl: session.url };
      }),
    get: (id) => call(async (stripe) => readSubscription(await stripe.subscriptions.retrieve(id))),
    cancelNow: (id) =>
      call(async (stripe) => {
        const current = await stripe.subscriptions.retrieve(id);
        if (current.status === 'canceled') return readSubscription(current);
        return readSubscription(await stripe.subscriptions.cancel(id));
      }),
    setCancelAtPeriodEnd: (id, cancel) =>
      call(async (stripe) => readSubscription(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel }))),
    async changeNow(id, ref, plan) {
      const stripe = await o.client();
      try {
        const current = await stripe.subscriptions.retrieve(id);
        const item = current.items.data[0];
        if (!item) throw new AppError(Code.paymentProviderFailed, `stripe subscription ${id} has no item`);
        const updated = await stripe.subscriptions.update(id, {
          items: [{ id: item.id, price_data: await priceData(stripe, plan) }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          metadata: metadata(ref, plan),
        });
        return readSubscription(updated);
      } catch (e) {
        throw e instanceof AppError ? e : declined(e, o.fail);
      }
    },
    changeAtPeriodEnd: (id, ref, plan) =>
      call(async (stripe) => {
        const current = await stripe.subscriptions.retrieve(id);
        const item = current.items.data[0];
        if (!item) throw new AppError(Code.paymentProviderFailed, `stripe subscription ${id} has no item`);
        const schedule = current.schedule
          ? await stripe.subscriptionSchedules.retrieve(idOf(current.schedule))
          : await stripe.subscriptionSchedules.create({ from_subscription: id });
        const phase = schedule.phases[0];
        if (!phase) throw new AppError(Code.paymentProviderFailed, `stripe schedule ${schedule.id} has no phase`);
        const price = item.price;
        await stripe.subscriptionSchedules.update(schedule.id, {
          end_behavior: 'release',
          phases: [
            {
              items: [{ price: price.id, quantity: item.quantity ?? 1 }],
              start_date: phase.start_date,
              end_date: item.current_period_end,
              metadata: current.metadata,
            },
            {
              items: [{ price_data: await priceData(stripe, plan), quantity: 1 }],
              metadata: metadata(ref, plan),
              proration_behavior: 'none',
            },
          ],
        });
        return { scheduleId: schedule.id };
      }),
    releaseSchedule: (scheduleId) =>
      call(async (stripe) => {
        await stripe.subscriptionSchedules.release(scheduleId);
      }),
    portal: (customerId) =>
      call(async (stripe) => {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: o.returnUrl });
        return { url: session.url };
      }),
  };
}
