/**
 * A renewing membership's verified provider events, each applied in ONE transaction
 * (docs/product.md#renewing-memberships): the event id is recorded first (the same event again,
 * even twenty at once, waits for the first and is then a duplicate), the subscription row is
 * locked (so two events of one subscription take turns), and each invoice has at most one order
 * (orders.invoice_id is unique): a paid invoice creates its order — "automatic" for the first
 * period, "renewal" for the next ones, "upgrade" for a prorated change — and extends the
 * membership once; a failed one creates a "payment failed" (4) order and mails the member once
 * per invoice; a later success of that invoice (the provider's retry) pays that order (4 → 1).
 */
import { Code } from '@ac/protocol/codes';
import { OrderStatus, PayMethod, type TLanguage, type TOrderType } from '@ac/protocol/enums';
import type { Mailer } from '../../adapters/mail.ts';
import type { BillingEvent, BillingInvoice } from '../../adapters/payments/billing.ts';
import type { Db, Tx } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { mailPhrase, mailText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { DAY } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { newOrderNo } from '../orders/order-number.ts';
import { PAID_STATUSES } from '../orders/order-state.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { ReceiptsService } from '../receipts/receipts.service.ts';
import type { UserService } from '../user/user.service.ts';
import { dateText, moneyText, syncSubscription } from './subscription-sync.ts';
import { createSubscriptionsRepo, type SubscriptionRow, type SubscriptionsRepo } from './subscriptions.repo.ts';

export type SubscriptionEventDeps = {
  db: Db;
  orders: Pick<OrdersService, 'insert' | 'lockByInvoice' | 'move' | 'servedOfSubscription'>;
  memberships: Pick<MembershipsService, 'grant' | 'shorten'>;
  products: Pick<ProductsService, 'findGoods'>;
  users: Pick<UserService, 'findLive'>;
  mailer: Mailer;
  audit: AuditService;
  /** The receipt of each paid period (overseas build), in its transaction. */
  receipts?: Pick<ReceiptsService, 'issueReceipt'>;
  defaultLanguage: TLanguage;
  /** The portal's web address (PUBLIC_URL and base path), for the links in mails. */
  webUrl: string;
  now: () => Date;
};

type Outcome = 'granted' | 'failed' | 'synced' | 'duplicate' | 'ignored';

const ORDER_TYPES: Record<BillingInvoice['reason'], TOrderType> = {
  create: 'automatic',
  cycle: 'renewal',
  update: 'upgrade',
  other: 'renewal',
};

const mismatch = (what: string) => new AppError(Code.paymentMismatch, what);

export function createSubscriptionEvents(d: SubscriptionEventDeps) {
  /** Our row of the event's subscription, locked; null when the subscription is not one of ours. */
  async function lockRow(repo: SubscriptionsRepo, ref: string | null, subscriptionId: string) {
    const row = ref ? await repo.lock(ref) : await repo.lockByProviderId('stripe', subscriptionId);
    if (ref && !row) throw mismatch(`stripe subscription ${subscriptionId} names an unknown subscription ${ref}`);
    if (row?.providerSubscriptionId && row.providerSubscriptionId !== subscriptionId) {
      throw mismatch(`stripe subscription ${subscriptionId} is not the one of ${row.id}`);
    }
    return row;
  }

  async function paid(tx: Tx, repo: SubscriptionsRepo, row: SubscriptionRow, inv: BillingInvoice, at: Date) {
    const now = d.now();
    if (inv.currency !== row.currency) throw mismatch(`stripe invoice ${inv.invoiceId} in ${inv.currency}`);
    const goodsCode = inv.goodsCode ?? row.goodsCode;
    const goods = await d.products.findGoods(goodsCode, tx);
    if (!goods) throw mismatch(`stripe invoice ${inv.invoiceId} for unknown goods ${goodsCode}`);
    const existing = await d.orders.lockByInvoice(inv.invoiceId, tx);
    if (existing && PAID_STATUSES.some((s) => s === existing.status)) return 'duplicate';
    if (inv.reason === 'update' && inv.amount <= 0) return 'ignored';
    if (!row.userId) return 'ignored';

    // what the period buys: the period itself, or (an upgrade) the rest of it on the higher goods
    let ms = inv.periodEnd.getTime() - inv.periodStart.getTime();
    if (inv.reason === 'update') {
      ms = inv.periodEnd.getTime() - Math.max(now.getTime(), inv.periodStart.getTime());
      // the lower plan's rest was credited by the proration: its period ends now
      for (const o of await d.orders.servedOfSubscription(row.id, now, tx)) {
        if (o.goodsCode === goodsCode) continue;
        await d.memberships.shorten(
          { userId: row.userId, sourceType: 'order', sourceId: o.orderNo, fraction: 1, now },
          tx,
        );
      }
    }
    const orderNo = existing?.orderNo ?? newOrderNo(now);
    if (!existing) {
      await d.orders.insert(
        {
          orderNo,
          userId: row.userId,
          goodsCode,
          quantity: 1,
          serviceType: goods.serviceType,
          channel: 'subscription',
          orderType: ORDER_TYPES[inv.reason],
          status: OrderStatus.unpaid,
          currency: row.currency,
          orderAmount: inv.amount,
          payAmount: 0,
          payMethod: PayMethod.other,
          subscriptionId: row.id,
          invoiceId: inv.invoiceId,
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
    }
    const granted = await d.memberships.grant(
      { userId: row.userId, goodsCode, days: ms / DAY, sourceType: 'order', sourceId: orderNo, now },
      tx,
    );
    const from = existing?.status ?? OrderStatus.unpaid;
    const moved = await d.orders.move(
      orderNo,
      from,
      OrderStatus.paid,
      { payAmount: inv.amount, payTime: at, startDate: granted.startTime, endDate: granted.endTime, updatedAt: now },
      tx,
    );
    if (!moved) throw new Error(`order ${orderNo} changed under the subscription's lock`);
    await d.receipts?.issueReceipt(tx, moved, { provider: 'stripe', tax: null, at });
    const periodEnd = row.periodEnd && row.periodEnd > inv.periodEnd ? row.periodEnd : inv.periodEnd;
    const reached = row.nextGoodsCode === goodsCode && inv.reason === 'cycle';
    await repo.update(row.id, {
      state: 'active',
      goodsCode,
      interval: inv.interval ?? row.interval,
      ...(inv.reason === 'update' ? {} : { amount: inv.amount, periodStart: inv.periodStart }),
      periodEnd,
      providerSubscriptionId: row.providerSubscriptionId ?? inv.subscriptionId,
      providerCustomerId: row.providerCustomerId ?? (inv.customerId || null),
      ...(reached ? { nextGoodsCode: null, nextInterval: null, scheduleId: null } : {}),
      updatedAt: now,
    });
    await d.audit.record(
      {
        event: 'subscription.paid',
        userId: row.userId,
        detail: { subscriptionId: row.id, invoiceId: inv.invoiceId, orderNo, reason: inv.reason, amount: inv.amount },
      },
      tx,
    );
    return 'granted';
  }

  async function failed(tx: Tx, repo: SubscriptionsRepo, row: SubscriptionRow, inv: BillingInvoice) {
    const now = d.now();
    if (await d.orders.lockByInvoice(inv.invoiceId, tx)) return 'duplicate';
    const goodsCode = inv.goodsCode ?? row.goodsCode;
    const goods = await d.products.findGoods(goodsCode, tx);
    if (!goods || !row.userId) return 'ignored';
    const orderNo = newOrderNo(now);
    await d.orders.insert(
      {
        orderNo,
        userId: row.userId,
        goodsCode,
        quantity: 1,
        serviceType: goods.serviceType,
        channel: 'subscription',
        orderType: ORDER_TYPES[inv.reason],
        // a renewal whose charge failed: it never was payable by the member, the provider retries it
        status: OrderStatus.payFailed,
        currency: row.currency,
        orderAmount: inv.amount,
        payAmount: 0,
        payMethod: PayMethod.other,
        subscriptionId: row.id,
        invoiceId: inv.invoiceId,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    if (inv.reason === 'cycle' && row.state === 'active')
      await repo.update(row.id, { state: 'pastDue', updatedAt: now });
    const user = await d.users.findLive(row.userId, tx);
    if (user?.email) {
      const language = messageLanguage(row.language, d.defaultLanguage);
      await d.mailer.send(
        {
          to: user.email,
          ...mailText(language, 'renewalFailed', {
            goods: goods.name,
            amount: moneyText(inv.amount, inv.currency),
            retry: inv.nextAttempt ? mailPhrase(language, 'renewalRetryAt', { at: dateText(inv.nextAttempt) }) : '',
            end: dateText(row.periodEnd ?? inv.periodStart),
            link: `${d.webUrl}/products`,
          }),
        },
        tx,
      );
    }
    await d.audit.record(
      {
        event: 'subscription.paymentFailed',
        userId: row.userId,
        detail: { subscriptionId: row.id, invoiceId: inv.invoiceId, orderNo, amount: inv.amount },
      },
      tx,
    );
    return 'failed';
  }

  /** Applies one verified event; refuses (AppError) one that contradicts what we know. */
  return async function apply(event: BillingEvent, provider: 'stripe'): Promise<Outcome> {
    return d.db.transaction(async (tx) => {
      const repo = createSubscriptionsRepo(tx);
      const subscriptionId =
        event.kind === 'checkoutCompleted'
          ? event.subscriptionId
          : event.kind === 'subscriptionChanged'
            ? event.subscription.subscriptionId
            : event.invoice.subscriptionId;
      const claimed = await repo.claimEvent({
        provider,
        eventId: event.eventId,
        type: event.type,
        subscriptionId,
        outcome: 'received',
      });
      if (!claimed) return 'duplicate';
      const ref =
        event.kind === 'checkoutCompleted'
          ? event.ref
          : event.kind === 'subscriptionChanged'
            ? event.subscription.ref
            : event.invoice.ref;
      const row = await lockRow(repo, ref, subscriptionId);
      let outcome: Outcome = 'ignored';
      if (row) {
        switch (event.kind) {
          case 'checkoutCompleted':
            await repo.update(row.id, {
              providerSubscriptionId: row.providerSubscriptionId ?? event.subscriptionId,
              providerCustomerId: row.providerCustomerId ?? (event.customerId || null),
              updatedAt: d.now(),
            });
            outcome = 'synced';
            break;
          case 'invoicePaid':
            outcome = await paid(tx, repo, row, event.invoice, event.at);
            break;
          case 'invoiceFailed':
            outcome = await failed(tx, repo, row, event.invoice);
            break;
          case 'subscriptionChanged':
            await syncSubscription(repo, row, event.subscription, event.at, d.now());
            outcome = 'synced';
            break;
        }
      }
      await repo.setEventOutcome(provider, event.eventId, outcome);
      return outcome;
    });
  };
}
export type SubscriptionEvents = ReturnType<typeof createSubscriptionEvents>;
