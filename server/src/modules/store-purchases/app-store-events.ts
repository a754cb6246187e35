/**
 * A verified App Store notification, applied in ONE transaction the way the renewing
 * memberships' Stripe events are (subscriptions/subscription-events.ts, docs/decisions/0048-app-store-purchases.md):
 * the notification UUID is recorded first in `subscription_events` (provider `appStore`; a copy,
 * even twenty at once, waits for the first and is then a duplicate — or refused again, when the
 * first was refused), and each store transaction has at most one order (store-orders.ts:
 * `orders.invoice_id` = `appstore:<transactionId>`). SUBSCRIBED and DID_RENEW create the period's
 * order (type `appStoreAutoRenewal`, channel `appStore`, pay method 7) and extend the membership
 * once; REFUND and REVOKE refund that order (5, the membership shortened); EXPIRED and
 * DID_FAIL_TO_RENEW are recorded (event and audit row).
 */
import type { AppStoreNotification } from '../../adapters/payments/app-store.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createSubscriptionsRepo } from '../subscriptions/subscriptions.repo.ts';
import {
  createStoreOrders,
  REFUSED_OUTCOMES,
  type StoreOrderDeps,
  type StoreOutcome,
  storeInvoiceId,
} from './store-orders.ts';

export type AppStoreEventDeps = StoreOrderDeps & {
  db: Db;
  /** App Store product id → our goods code (APPSTORE_PRODUCTS). */
  productGoods: Record<string, string>;
};
export type AppStoreOutcome = StoreOutcome;

const PAYS = new Set(['SUBSCRIBED', 'DID_RENEW']);
const TAKES_BACK = new Set(['REFUND', 'REVOKE']);
const RECORDS = new Set(['EXPIRED', 'DID_FAIL_TO_RENEW']);
/** The member turned renewal off (AUTO_RENEW_DISABLED) or on again: only the store subscription's row changes. */
const RENEWAL_STATUS = 'DID_CHANGE_RENEWAL_STATUS';

/** Where the member manages an App Store subscription (Apple's page, for every app). */
export const APP_STORE_MANAGE_URL = 'https://apps.apple.com/account/subscriptions';

/** The product centre's state of the subscription after a notification. */
function appStoreState(n: AppStoreNotification): { state: 'active' | 'pastDue' | 'ended'; autoRenewing: boolean } {
  if (n.notificationType === 'EXPIRED' || TAKES_BACK.has(n.notificationType) || n.transaction?.revocationDate) {
    return { state: 'ended', autoRenewing: false };
  }
  if (n.notificationType === 'DID_FAIL_TO_RENEW') return { state: 'pastDue', autoRenewing: true };
  if (n.notificationType === RENEWAL_STATUS) {
    return { state: 'active', autoRenewing: n.subtype !== 'AUTO_RENEW_DISABLED' };
  }
  return { state: 'active', autoRenewing: true };
}

export const appStoreInvoiceId = (transactionId: string) => storeInvoiceId('appStore', transactionId);

export function createAppStoreEvents(d: AppStoreEventDeps) {
  const store = createStoreOrders(d);

  async function handle(tx: Tx, n: AppStoreNotification): Promise<StoreOutcome> {
    const t = n.transaction;
    const renewal = n.notificationType === RENEWAL_STATUS;
    const known =
      PAYS.has(n.notificationType) || TAKES_BACK.has(n.notificationType) || RECORDS.has(n.notificationType) || renewal;
    if (!t || !known) return 'ignored';
    const user = await store.member(t.appAccountToken, tx);
    if (!user) return 'unknownAccount';
    const goodsCode = d.productGoods[t.productId];
    if (goodsCode && t.expiresDate) {
      await store.track(
        tx,
        user.id,
        {
          store: 'appStore',
          storeSubscriptionId: t.originalTransactionId,
          productId: t.productId,
          goodsCode,
          ...appStoreState(n),
          expiresAt: t.expiresDate,
          manageUrl: APP_STORE_MANAGE_URL,
        },
        PAYS.has(n.notificationType)
          ? {
              amount: t.price === null ? null : Math.round(t.price / 10),
              currency: t.currency,
              periodStart: t.purchaseDate,
            }
          : null,
      );
    }
    if (renewal) return 'recorded';
    const detail = { notification: n.notificationType, originalTransactionId: t.originalTransactionId };
    if (PAYS.has(n.notificationType)) {
      // a transaction Apple already took back (a copy sent after the refund) buys nothing
      if (!t.expiresDate || t.expiresDate <= t.purchaseDate || t.revocationDate) return 'ignored';
      return store.pay(tx, user.id, {
        store: 'appStore',
        chargeId: t.transactionId,
        goodsCode: d.productGoods[t.productId] ?? null,
        // Apple's price is in milli-units; orders keep cents
        amount: t.price === null ? null : Math.round(t.price / 10),
        currency: t.currency,
        paidAt: t.purchaseDate,
        expiresAt: t.expiresDate,
        detail,
      });
    }
    if (TAKES_BACK.has(n.notificationType)) return store.takeBack(tx, 'appStore', t.transactionId, detail);
    return store.record(tx, user.id, n.notificationType === 'EXPIRED' ? 'store.expired' : 'store.renewalFailed', {
      store: 'appStore',
      subtype: n.subtype,
      transactionId: t.transactionId,
      productId: t.productId,
      ...detail,
    });
  }

  /** Applies one verified notification; a refused outcome is recorded and returned (the caller answers its code). */
  return async function apply(n: AppStoreNotification): Promise<StoreOutcome> {
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
