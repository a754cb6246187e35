/**
 * A verified Google Play real-time developer notification (docs/decisions/0048-app-store-purchases.md),
 * the purchase read from the Android Publisher API before (outside the transaction), then applied
 * in ONE transaction like the App Store's: the Pub/Sub message id is recorded first in
 * `subscription_events` (provider `googlePlay`), each Google Play order (`latestOrderId`,
 * `GPA.…..N` per period) is at most one order (`googleplay:<orderId>`, type
 * `googlePlayAutoRenewal`, channel `googlePlay`). PURCHASED, RENEWED, RECOVERED, RESTARTED pay
 * the latest period; REVOKED and a voided purchase refund its order; CANCELED, ON_HOLD,
 * IN_GRACE_PERIOD, EXPIRED are recorded.
 */
import type { PlayDeveloperNotification, PlaySubscription } from '../../adapters/payments/google-play.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createSubscriptionsRepo } from '../subscriptions/subscriptions.repo.ts';
import { createStoreOrders, REFUSED_OUTCOMES, type StoreOrderDeps, type StoreOutcome } from './store-orders.ts';

export type GooglePlayEventDeps = StoreOrderDeps & {
  db: Db;
  /** Google Play product id → our goods code (GOOGLE_PLAY_PRODUCTS). */
  productGoods: Record<string, string>;
  /** The app's package name (GOOGLE_PLAY_PACKAGE_NAME), for the link to manage a subscription. */
  packageName: string;
};

/** Where the member manages a Google Play subscription. */
export const googlePlayManageUrl = (productId: string, packageName: string) =>
  `https://play.google.com/store/account/subscriptions?sku=${encodeURIComponent(productId)}&package=${encodeURIComponent(packageName)}`;

/** subscriptionsv2 `subscriptionState` → the product centre's state and whether it renews. */
function playState(state: string): { state: 'active' | 'pastDue' | 'ended'; autoRenewing: boolean } {
  switch (state) {
    case 'SUBSCRIPTION_STATE_ACTIVE':
      return { state: 'active', autoRenewing: true };
    case 'SUBSCRIPTION_STATE_CANCELED':
      return { state: 'active', autoRenewing: false };
    case 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD':
    case 'SUBSCRIPTION_STATE_ON_HOLD':
    case 'SUBSCRIPTION_STATE_PAUSED':
      return { state: 'pastDue', autoRenewing: true };
    default:
      return { state: 'ended', autoRenewing: false };
  }
}

/** subscriptionNotification.notificationType */
const PAYS = new Set([1, 2, 4, 7]); // RECOVERED, RENEWED, PURCHASED, RESTARTED
const REVOKED = 12;
const RECORDS: Record<number, 'store.cancelled' | 'store.renewalFailed' | 'store.expired'> = {
  3: 'store.cancelled', // CANCELED
  5: 'store.renewalFailed', // ON_HOLD
  6: 'store.renewalFailed', // IN_GRACE_PERIOD
  13: 'store.expired', // EXPIRED
};

/** Whether the notification needs the purchase read from the Android Publisher API. */
export const needsPurchase = (n: PlayDeveloperNotification) =>
  !n.test &&
  !!n.purchaseToken &&
  (PAYS.has(n.notificationType) || n.notificationType === REVOKED || n.notificationType in RECORDS);

export function createGooglePlayEvents(d: GooglePlayEventDeps) {
  const store = createStoreOrders(d);

  async function handle(tx: Tx, n: PlayDeveloperNotification, s: PlaySubscription | null): Promise<StoreOutcome> {
    if (n.voidedOrderId) return store.takeBack(tx, 'googlePlay', n.voidedOrderId, { notification: 'voided' });
    if (!s) return 'ignored';
    const user = await store.member(s.obfuscatedAccountId, tx);
    if (!user) return 'unknownAccount';
    const detail = { notification: n.notificationType, state: s.state, productId: s.productId };
    const goodsCode = d.productGoods[s.productId];
    if (goodsCode && n.purchaseToken) {
      // the purchase read from the Publisher API is its state now, whatever the notification
      await store.track(
        tx,
        user.id,
        {
          store: 'googlePlay',
          storeSubscriptionId: n.purchaseToken,
          productId: s.productId,
          goodsCode,
          ...playState(s.state),
          expiresAt: s.expiryTime,
          manageUrl: googlePlayManageUrl(s.productId, d.packageName),
        },
        s.price && { ...s.price, periodStart: d.now() },
      );
    }
    if (PAYS.has(n.notificationType)) {
      return store.pay(tx, user.id, {
        store: 'googlePlay',
        chargeId: s.latestOrderId,
        goodsCode: d.productGoods[s.productId] ?? null,
        amount: s.price?.amount ?? null,
        currency: s.price?.currency ?? null,
        // the period's start is not in subscriptionsv2: it is paid when we hear of it
        paidAt: d.now(),
        expiresAt: s.expiryTime,
        detail,
      });
    }
    if (n.notificationType === REVOKED) return store.takeBack(tx, 'googlePlay', s.latestOrderId, detail);
    const event = RECORDS[n.notificationType];
    return event
      ? store.record(tx, user.id, event, { store: 'googlePlay', orderId: s.latestOrderId, ...detail })
      : 'ignored';
  }

  /** Applies one verified notification and the purchase it points at; a refused outcome is recorded and returned. */
  return async function apply(n: PlayDeveloperNotification, s: PlaySubscription | null): Promise<StoreOutcome> {
    return d.db.transaction(async (tx) => {
      const repo = createSubscriptionsRepo(tx);
      const claimed = await repo.claimEvent({
        provider: 'googlePlay',
        eventId: n.messageId,
        type: n.voidedOrderId ? 'voided' : n.test ? 'test' : String(n.notificationType),
        subscriptionId: n.purchaseToken ? n.purchaseToken.slice(0, 200) : null,
        outcome: 'received',
      });
      if (!claimed) {
        const prior = await repo.eventOutcome('googlePlay', n.messageId);
        return REFUSED_OUTCOMES.find((r) => r === prior) ?? 'duplicate';
      }
      const outcome = await handle(tx, n, s);
      await repo.setEventOutcome('googlePlay', n.messageId, outcome);
      return outcome;
    });
  };
}
export type GooglePlayEvents = ReturnType<typeof createGooglePlayEvents>;
