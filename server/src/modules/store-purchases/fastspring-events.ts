/**
 * FastSpring's webhook events, each applied once (docs/decisions/0053-popup-storefront.md). An
 * event id already recorded in `subscription_events` (provider `fastspring`) is a duplicate (or is
 * refused again, when the first was refused); twenty copies at once meet on the order's row lock
 * (`order.completed`, through the payments module's one payment transaction), on the charge's
 * advisory lock (`subscription.charge.completed`, store-orders.ts) or on the return's id claimed
 * in the same table (`return.created`), so each pays, extends or refunds once — also when
 * FastSpring sends the same charge or return again under a new event id (a manual resend).
 *
 * - `order.completed` with our tags: the order the member started in our checkout is paid at
 *   FastSpring's price before tax (it must be ours) and the membership granted — applyPaymentReport.
 * - `subscription.activated`, `subscription.canceled`: recorded (audit); the membership runs to its end.
 * - `subscription.charge.completed`: a rebill → an order of type `renewal` (channel `subscription`,
 *   pay method 7, `orders.invoice_id` = `fastspring:<FastSpring order id>`) extending the
 *   membership by the goods' duration, once per FastSpring order.
 * - `return.created`: the returned amount (before tax) refunded on our order (8 partly, 5 wholly),
 *   the membership shortened by its share.
 */
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';
import type { FastspringEvent, FastspringTags } from '../../adapters/payments/fastspring.gateway.ts';
import type { PaymentGateway, PaymentReport } from '../../adapters/payments/types.ts';
import type { Tx } from '../../db/client.ts';
import { DAY } from '../../lib/time.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { recordRefund } from '../payments/order-refund.ts';
import { type ApplyDeps, type ApplyOutcome, applyPaymentReport } from '../payments/payment-apply.ts';
import { createPaymentsRepo } from '../payments/payments.repo.ts';
import { createSubscriptionsRepo } from '../subscriptions/subscriptions.repo.ts';
import { createStoreOrders, type StoreOrderDeps, type StoreOutcome } from './store-orders.ts';

export type FastspringEventDeps = StoreOrderDeps &
  ApplyDeps & {
    orders: Pick<OrdersService, 'insert' | 'lockByInvoice' | 'move' | 'lock'>;
    /** The FastSpring gateway (its mode is the merchant every payment is checked against). */
    gateway: PaymentGateway;
    /** The popup storefront (FASTSPRING_STOREFRONT), for the link to manage a subscription. */
    storefront: string;
  };

/** Outcomes that refuse the event (answered with their catalogue code; FastSpring sends it again). */
export const FASTSPRING_REFUSALS = [
  'unknownAccount',
  'otherMode',
  'unknownSubscription',
  'unknownProduct',
  'unsupportedCurrency',
] as const;
export type FastspringOutcome = StoreOutcome | ApplyOutcome | (typeof FASTSPRING_REFUSALS)[number];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** FastSpring's amounts are decimals of the currency; orders keep cents. */
const cents = (v: number) => Math.round(v * 100);

/** Our tags on a FastSpring order or subscription, when it was bought through our checkout. */
export function tagsOf(v: unknown): FastspringTags | null {
  if (!isRecord(v)) return null;
  const orderNo = text(v.orderNo);
  const account = text(v.account);
  return orderNo && account ? { orderNo, account } : null;
}

/** An id, or the `id` of the object a webhook with expansion carries in its place. */
const idOf = (v: unknown): string | null => text(v) ?? (isRecord(v) ? (text(v.id) ?? text(v.order)) : null);

/** Where the member manages a FastSpring subscription: the store's account page (`<store>.onfastspring.com/account`). */
export function fastspringManageUrl(storefront: string): string {
  const host = storefront.replace(/^https?:\/\//, '').split('/')[0] ?? storefront;
  return `https://${host}/account`;
}

export function createFastspringEvents(d: FastspringEventDeps) {
  const store = createStoreOrders(d);
  const REFUSED: readonly string[] = FASTSPRING_REFUSALS;

  /** Records the event with its outcome; false when it was recorded before (a copy applied meanwhile). */
  const claim = (tx: Tx | FastspringEventDeps['db'], e: FastspringEvent, outcome: string, subscriptionId?: string) =>
    createSubscriptionsRepo(tx).claimEvent({
      provider: 'fastspring',
      eventId: e.id,
      type: e.type,
      subscriptionId: subscriptionId ?? null,
      outcome,
    });

  /** The payment of an order started in our checkout (tags orderNo and account). */
  async function orderCompleted(e: FastspringEvent): Promise<FastspringOutcome> {
    const tags = tagsOf(e.data.tags);
    const fsOrder = idOf(e.data.id) ?? idOf(e.data.order);
    if (!tags || !fsOrder || e.data.completed === false) {
      await claim(d.db, e, 'ignored');
      return 'ignored';
    }
    const report: PaymentReport = {
      provider: 'fastspring',
      orderNo: tags.orderNo,
      tradeNo: fsOrder,
      merchant: e.live ? 'live' : 'test',
      // our price is what FastSpring charged before its tax (the merchant of record adds it)
      amount: cents(num(e.data.total) - num(e.data.tax)),
      currency: text(e.data.currency) ?? '',
      result: 'paid',
      paidAt: typeof e.data.changed === 'number' ? new Date(e.data.changed) : null,
    };
    const outcome = await applyPaymentReport(d, d.gateway, report, 'notify', d.now());
    await claim(d.db, e, outcome);
    return outcome;
  }

  /** A rebill: the renewal order of the FastSpring order, the membership extended by the goods' duration. */
  async function chargeCompleted(tx: Tx, e: FastspringEvent): Promise<FastspringOutcome> {
    const sub = e.data.subscription;
    const fsOrder = e.data.order;
    const tags = tagsOf(isRecord(sub) ? sub.tags : null) ?? tagsOf(isRecord(fsOrder) ? fsOrder.tags : null);
    const chargeId = idOf(fsOrder);
    if (!tags || !chargeId) return 'unknownSubscription';
    if (text(e.data.status) && e.data.status !== 'successful') return 'ignored';
    const user = await store.member(tags.account, tx);
    if (!user) return 'unknownAccount';
    const first = await d.orders.lock(tags.orderNo, tx);
    if (!first || first.userId !== user.id) return 'unknownSubscription';
    const goods = await d.products.findGoods(first.goodsCode, tx);
    if (!goods) return 'unknownProduct';
    const source = isRecord(fsOrder) ? fsOrder : e.data;
    const paidAt = d.now();
    const subscriptionId = idOf(sub);
    const amount = cents(num(source.total) - num(source.tax));
    const currency = text(source.currency) ?? text(e.data.currency);
    if (subscriptionId) {
      await store.track(
        tx,
        user.id,
        {
          store: 'fastspring',
          storeSubscriptionId: subscriptionId,
          productId: (isRecord(sub) ? text(sub.product) : null) ?? first.goodsCode,
          goodsCode: first.goodsCode,
          state: 'active',
          autoRenewing: true,
          expiresAt: new Date(paidAt.getTime() + goods.durationDays * DAY),
          manageUrl: fastspringManageUrl(d.storefront),
        },
        { amount, currency, periodStart: paidAt },
      );
    }
    return store.pay(tx, user.id, {
      store: 'fastspring',
      chargeId,
      goodsCode: first.goodsCode,
      amount: cents(num(source.total) - num(source.tax)),
      currency: text(source.currency) ?? text(e.data.currency),
      paidAt,
      expiresAt: new Date(paidAt.getTime() + goods.durationDays * DAY),
      detail: { subscription: idOf(sub), firstOrderNo: first.orderNo, event: e.id },
    });
  }

  /** A return (refund) made at FastSpring: recorded on our order, once per return. */
  async function returnCreated(tx: Tx, e: FastspringEvent): Promise<FastspringOutcome> {
    const returnId = text(e.data.return) ?? text(e.data.id);
    const original = idOf(e.data.original);
    if (!returnId || !original || e.data.completed === false) return 'ignored';
    // the return itself once, whatever event carries it
    const first = await createSubscriptionsRepo(tx).claimEvent({
      provider: 'fastspring',
      eventId: `return:${returnId}`,
      type: 'return',
      subscriptionId: null,
      outcome: 'claimed',
    });
    if (!first) return 'duplicate';
    const orderNo =
      (await d.orders.lockByInvoice(`fastspring:${original}`, tx))?.orderNo ??
      (await createPaymentsRepo(tx).orderOfPayment('fastspring', original));
    const order = orderNo ? await d.orders.lock(orderNo, tx) : null;
    if (!order) return 'ignored';
    const status = order.status as TOrderStatus;
    if (status !== OrderStatus.paid && status !== OrderStatus.partiallyRefunded) return 'duplicate';
    const value = Math.min(cents(num(e.data.totalReturn) - num(e.data.tax)), order.payAmount - order.refundAmount);
    if (value < 1) return 'ignored';
    await recordRefund(d, tx, order, value, d.now());
    await d.audit.record(
      {
        event: 'store.refunded',
        userId: order.userId,
        detail: { store: 'fastspring', returnId, original, orderNo: order.orderNo, amount: value },
      },
      tx,
    );
    return 'refunded';
  }

  /** A subscription's start or end: recorded for its member. */
  async function recordSubscription(tx: Tx, e: FastspringEvent): Promise<FastspringOutcome> {
    const tags = tagsOf(e.data.tags);
    if (!tags) return 'ignored';
    const user = await store.member(tags.account, tx);
    if (!user) return 'unknownAccount';
    const event = e.type === 'subscription.activated' ? 'store.subscribed' : 'store.cancelled';
    const subscriptionId = idOf(e.data.id) ?? idOf(e.data.subscription);
    const first = await d.orders.lock(tags.orderNo, tx);
    if (subscriptionId && first && first.userId === user.id && first.endDate) {
      // its first period is the order paid in our checkout; FastSpring's `next` is its next charge
      const next = typeof e.data.next === 'number' ? new Date(e.data.next) : first.endDate;
      await store.track(
        tx,
        user.id,
        {
          store: 'fastspring',
          storeSubscriptionId: subscriptionId,
          productId: text(e.data.product) ?? first.goodsCode,
          goodsCode: first.goodsCode,
          state: 'active',
          autoRenewing: event === 'store.subscribed',
          expiresAt: next,
          manageUrl: fastspringManageUrl(d.storefront),
        },
        { amount: first.payAmount, currency: first.currency, periodStart: first.payTime ?? d.now() },
      );
    }
    return store.record(tx, user.id, event, {
      store: 'fastspring',
      subscription: idOf(e.data.id) ?? idOf(e.data.subscription),
      orderNo: tags.orderNo,
      product: text(e.data.product),
    });
  }

  /** Applies one verified event; a refused outcome is recorded and returned (the caller answers its code). */
  return async function apply(e: FastspringEvent): Promise<FastspringOutcome> {
    const prior = await createSubscriptionsRepo(d.db).eventOutcome('fastspring', e.id);
    if (prior !== null) return REFUSED.includes(prior) ? (prior as FastspringOutcome) : 'duplicate';
    if ((e.live ? 'live' : 'test') !== d.gateway.merchant) {
      await claim(d.db, e, 'otherMode');
      return 'otherMode';
    }
    if (e.type === 'order.completed') return orderCompleted(e);
    return d.db.transaction(async (tx) => {
      const subscriptionId =
        e.type === 'subscription.charge.completed' ? (idOf(e.data.subscription) ?? undefined) : undefined;
      if (!(await claim(tx, e, 'received', subscriptionId))) {
        const again = await createSubscriptionsRepo(tx).eventOutcome('fastspring', e.id);
        return again !== null && REFUSED.includes(again) ? (again as FastspringOutcome) : 'duplicate';
      }
      let outcome: FastspringOutcome = 'ignored';
      if (e.type === 'subscription.charge.completed') outcome = await chargeCompleted(tx, e);
      else if (e.type === 'return.created') outcome = await returnCreated(tx, e);
      else if (e.type === 'subscription.activated' || e.type === 'subscription.canceled') {
        outcome = await recordSubscription(tx, e);
      }
      await createSubscriptionsRepo(tx).setEventOutcome('fastspring', e.id, outcome);
      return outcome;
    });
  };
}
export type FastspringEvents = ReturnType<typeof createFastspringEvents>;
