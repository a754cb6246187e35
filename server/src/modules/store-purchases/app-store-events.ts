/**
 * A verified App Store notification, applied in ONE transaction the way the renewing
 * memberships' Stripe events are (subscriptions/subscription-events.ts, docs/decisions/0048-app-store-purchases.md):
 * the notification UUID is recorded first in `subscription_events` (provider `appStore`; a copy,
 * even twenty at once, waits for the first and is then a duplicate — or refused again, when the
 * first was refused), and each store transaction has at most one order (`orders.invoice_id` =
 * `appstore:<transactionId>`, unique; taken under an advisory lock on it, so two notifications of
 * one transaction take turns). SUBSCRIBED and DID_RENEW create the period's order (type
 * `appStoreAutoRenewal`, channel `appStore`, pay method 7) and extend the membership once;
 * REFUND and REVOKE refund that order with the existing machinery (order-refund.ts: 5, the
 * membership shortened); EXPIRED and DID_FAIL_TO_RENEW are recorded (event and audit row).
 */
import { OrderStatus, PayMethod, type TOrderStatus } from '@ac/protocol/enums';
import { sql } from 'drizzle-orm';
import type { AppStoreNotification, AppStoreTransaction } from '../../adapters/payments/app-store.ts';
import type { Db, Tx } from '../../db/client.ts';
import { DAY } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { newOrderNo } from '../orders/order-number.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { recordRefund } from '../payments/order-refund.ts';
import type { ProductsService } from '../products/products.service.ts';
import { createSubscriptionsRepo } from '../subscriptions/subscriptions.repo.ts';
import type { UserService } from '../user/user.service.ts';

export type AppStoreEventDeps = {
  db: Db;
  orders: Pick<OrdersService, 'insert' | 'lockByInvoice' | 'move'>;
  memberships: Pick<MembershipsService, 'grant' | 'shorten'>;
  products: Pick<ProductsService, 'findGoods'>;
  users: Pick<UserService, 'findLive'>;
  audit: AuditService;
  /** App Store product id → our goods code (APPSTORE_PRODUCTS). */
  productGoods: Record<string, string>;
  now: () => Date;
};

/** Outcomes that refuse the notification (answered with their catalogue code). */
export const REFUSED_OUTCOMES = ['unknownAccount', 'unknownProduct', 'unsupportedCurrency'] as const;
type Refused = (typeof REFUSED_OUTCOMES)[number];
export type AppStoreOutcome = 'granted' | 'refunded' | 'recorded' | 'duplicate' | 'ignored' | Refused;

const PAYS = new Set(['SUBSCRIBED', 'DID_RENEW']);
const TAKES_BACK = new Set(['REFUND', 'REVOKE']);
const RECORDS = new Set(['EXPIRED', 'DID_FAIL_TO_RENEW']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The currencies orders are kept in (minor units: two decimals, so milli-units / 10). */
const CURRENCIES = new Set(['USD', 'CNY']);

export const appStoreInvoiceId = (transactionId: string) => `appstore:${transactionId}`;

export function createAppStoreEvents(d: AppStoreEventDeps) {
  async function paid(tx: Tx, userId: string, t: AppStoreTransaction, n: AppStoreNotification) {
    const goodsCode = d.productGoods[t.productId];
    const goods = goodsCode ? await d.products.findGoods(goodsCode, tx) : null;
    if (!goodsCode || !goods) return 'unknownProduct';
    if (!t.currency || !CURRENCIES.has(t.currency) || t.price === null) return 'unsupportedCurrency';
    // a transaction Apple already took back (a copy sent after the refund) buys nothing
    if (!t.expiresDate || t.expiresDate <= t.purchaseDate || t.revocationDate) return 'ignored';
    const invoiceId = appStoreInvoiceId(t.transactionId);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${invoiceId}))`);
    if (await d.orders.lockByInvoice(invoiceId, tx)) return 'duplicate';
    const now = d.now();
    const amount = Math.round(t.price / 10);
    const orderNo = newOrderNo(now);
    await d.orders.insert(
      {
        orderNo,
        userId,
        goodsCode,
        quantity: 1,
        serviceType: goods.serviceType,
        channel: 'appStore',
        orderType: 'appStoreAutoRenewal',
        status: OrderStatus.unpaid,
        currency: t.currency as 'USD' | 'CNY',
        orderAmount: amount,
        payAmount: 0,
        payMethod: PayMethod.other,
        invoiceId,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    // what is left of the period when we hear of it (Apple retries a notification for days): a
    // late one grants the rest only, one of a period already over is the order alone
    const rest = t.expiresDate.getTime() - Math.max(t.purchaseDate.getTime(), now.getTime());
    const granted =
      rest > 0
        ? await d.memberships.grant(
            { userId, goodsCode, days: rest / DAY, sourceType: 'order', sourceId: orderNo, now },
            tx,
          )
        : { startTime: t.purchaseDate, endTime: t.expiresDate };
    const moved = await d.orders.move(
      orderNo,
      OrderStatus.unpaid,
      OrderStatus.paid,
      {
        payAmount: amount,
        payTime: t.purchaseDate,
        startDate: granted.startTime,
        endDate: granted.endTime,
        updatedAt: now,
      },
      tx,
    );
    if (!moved) throw new Error(`order ${orderNo} changed under the transaction's lock`);
    await d.audit.record(
      {
        event: 'store.paid',
        userId,
        detail: {
          store: 'appStore',
          notification: n.notificationType,
          transactionId: t.transactionId,
          originalTransactionId: t.originalTransactionId,
          orderNo,
          amount,
          currency: t.currency,
        },
      },
      tx,
    );
    return 'granted';
  }

  async function takenBack(tx: Tx, t: AppStoreTransaction, n: AppStoreNotification) {
    const invoiceId = appStoreInvoiceId(t.transactionId);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${invoiceId}))`);
    const order = await d.orders.lockByInvoice(invoiceId, tx);
    if (!order) return 'ignored';
    if (order.status !== OrderStatus.paid && order.status !== OrderStatus.partiallyRefunded) return 'duplicate';
    const now = d.now();
    const refundable = order.payAmount - order.refundAmount;
    if (refundable > 0) {
      await recordRefund(d, tx, order, refundable, now);
    } else {
      // a free period (an introductory offer): nothing to pay back, the membership still ends now
      const end = order.userId
        ? await d.memberships.shorten(
            { userId: order.userId, sourceType: 'order', sourceId: order.orderNo, fraction: 1, now },
            tx,
          )
        : null;
      await d.orders.move(
        order.orderNo,
        order.status as TOrderStatus,
        OrderStatus.refunded,
        { endDate: end ?? order.endDate, updatedAt: now },
        tx,
      );
    }
    await d.audit.record(
      {
        event: 'store.refunded',
        userId: order.userId,
        detail: {
          store: 'appStore',
          notification: n.notificationType,
          transactionId: t.transactionId,
          orderNo: order.orderNo,
        },
      },
      tx,
    );
    return 'refunded';
  }

  async function handle(tx: Tx, n: AppStoreNotification): Promise<AppStoreOutcome> {
    const t = n.transaction;
    const known = PAYS.has(n.notificationType) || TAKES_BACK.has(n.notificationType) || RECORDS.has(n.notificationType);
    if (!t || !known) return 'ignored';
    const token = t.appAccountToken;
    const user = token && UUID.test(token) ? await d.users.findLive(token.toLowerCase(), tx) : null;
    if (!user) return 'unknownAccount';
    if (PAYS.has(n.notificationType)) return paid(tx, user.id, t, n);
    if (TAKES_BACK.has(n.notificationType)) return takenBack(tx, t, n);
    await d.audit.record(
      {
        event: n.notificationType === 'EXPIRED' ? 'store.expired' : 'store.renewalFailed',
        userId: user.id,
        detail: {
          store: 'appStore',
          subtype: n.subtype,
          transactionId: t.transactionId,
          originalTransactionId: t.originalTransactionId,
          productId: t.productId,
        },
      },
      tx,
    );
    return 'recorded';
  }

  /** Applies one verified notification; a refused outcome is recorded and returned (the caller answers its code). */
  return async function apply(n: AppStoreNotification): Promise<AppStoreOutcome> {
    return d.db.transaction(async (tx) => {
      const repo = createSubscriptionsRepo(tx);
      const type = n.subtype ? `${n.notificationType}.${n.subtype}` : n.notificationType;
      const claimed = await repo.claimEvent({
        provider: 'appStore',
        eventId: n.notificationUUID,
        type,
        subscriptionId: n.transaction?.originalTransactionId ?? null,
        outcome: 'received',
      });
      if (!claimed) {
        const prior = await repo.eventOutcome('appStore', n.notificationUUID);
        return REFUSED_OUTCOMES.find((r) => r === prior) ?? 'duplicate';
      }
      const outcome = await handle(tx, n);
      await repo.setEventOutcome('appStore', n.notificationUUID, outcome);
      return outcome;
    });
  };
}
export type AppStoreEvents = ReturnType<typeof createAppStoreEvents>;
