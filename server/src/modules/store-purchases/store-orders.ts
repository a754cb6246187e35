/**
 * The orders of store purchases, shared by the App Store and Google Play
 * (docs/decisions/0048-app-store-purchases.md): each store charge (an App Store transaction, a
 * Google Play order) is at most one order (`orders.invoice_id` = `<store>:<id>`, unique; taken
 * under an advisory lock on it, so two notifications of one charge take turns), paid at the
 * store's price and extending the membership once; a refund or revocation refunds it with the
 * existing machinery (payments/order-refund.ts). Called inside the notification's transaction.
 */
import { OrderStatus, PayMethod, type TOrderStatus } from '@ac/protocol/enums';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { storeSubscriptions } from '../../db/schema/index.ts';
import { DAY } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { newOrderNo } from '../orders/order-number.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { recordRefund } from '../payments/order-refund.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { UserService } from '../user/user.service.ts';

export type StoreOrderDeps = {
  orders: Pick<OrdersService, 'insert' | 'lockByInvoice' | 'move'>;
  memberships: Pick<MembershipsService, 'grant' | 'shorten'>;
  products: Pick<ProductsService, 'findGoods'>;
  users: Pick<UserService, 'findLive'>;
  audit: AuditService;
  now: () => Date;
};

/** Where the member was charged: the app stores, or FastSpring's renewals of a storefront subscription. */
export type Store = 'appStore' | 'googlePlay' | 'fastspring';
/** Outcomes that refuse the notification (answered with their catalogue code). */
export const REFUSED_OUTCOMES = ['unknownAccount', 'unknownProduct', 'unsupportedCurrency'] as const;
type Refused = (typeof REFUSED_OUTCOMES)[number];
export type StoreOutcome = 'granted' | 'refunded' | 'recorded' | 'duplicate' | 'ignored' | Refused;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The currencies orders are kept in (minor units: two decimals). */
const CURRENCIES = new Set(['USD', 'CNY']);
const ORDER_TYPE = {
  appStore: 'appStoreAutoRenewal',
  googlePlay: 'googlePlayAutoRenewal',
  fastspring: 'renewal',
} as const;
/** The order's channel: the store, or a renewing membership's provider for FastSpring's rebills. */
const CHANNEL = { appStore: 'appStore', googlePlay: 'googlePlay', fastspring: 'subscription' } as const;
const PREFIX = { appStore: 'appstore', googlePlay: 'googleplay', fastspring: 'fastspring' } as const;

/** What a store said of a subscription (docs/product.md#renewing-memberships: managed at the store). */
export type StoreSubscriptionState = {
  store: Store;
  storeSubscriptionId: string;
  productId: string;
  goodsCode: string;
  state: 'active' | 'pastDue' | 'ended';
  autoRenewing: boolean;
  expiresAt: Date;
  manageUrl: string;
};

export const storeInvoiceId = (store: Store, chargeId: string) => `${PREFIX[store]}:${chargeId}`;

export type StorePeriod = {
  store: Store;
  /** The store's charge: App Store transaction id, Google Play order id. */
  chargeId: string;
  /** The goods of the store's product (null: not one we sell). */
  goodsCode: string | null;
  /** Minor units (cents) in `currency`; null when the store gave no price. */
  amount: number | null;
  currency: string | null;
  /** When the period was bought (the order's pay time) and when it ends. */
  paidAt: Date;
  expiresAt: Date;
  detail: Record<string, unknown>;
};

export function createStoreOrders(d: StoreOrderDeps) {
  const lock = (tx: Tx, invoiceId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${invoiceId}))`);

  return {
    /** The live member an account token names (the app sets it to our account id), or null. */
    async member(token: string | null, tx: Tx) {
      return token && UUID.test(token) ? d.users.findLive(token.toLowerCase(), tx) : null;
    },

    /** A paid period: its order (once per charge) and the membership extended by what is left of it. */
    async pay(tx: Tx, userId: string, p: StorePeriod): Promise<StoreOutcome> {
      const goods = p.goodsCode ? await d.products.findGoods(p.goodsCode, tx) : null;
      if (!p.goodsCode || !goods) return 'unknownProduct';
      if (!p.currency || !CURRENCIES.has(p.currency) || p.amount === null) return 'unsupportedCurrency';
      const goodsCode = p.goodsCode;
      const invoiceId = storeInvoiceId(p.store, p.chargeId);
      await lock(tx, invoiceId);
      if (await d.orders.lockByInvoice(invoiceId, tx)) return 'duplicate';
      const now = d.now();
      const orderNo = newOrderNo(now);
      await d.orders.insert(
        {
          orderNo,
          userId,
          goodsCode,
          quantity: 1,
          serviceType: goods.serviceType,
          channel: CHANNEL[p.store],
          orderType: ORDER_TYPE[p.store],
          status: OrderStatus.unpaid,
          currency: p.currency as 'USD' | 'CNY',
          orderAmount: p.amount,
          payAmount: 0,
          payMethod: PayMethod.other,
          invoiceId,
          createdAt: now,
          updatedAt: now,
        },
        tx,
      );
      // what is left of the period when we hear of it (stores retry a notification for days): a
      // late one grants the rest only, one of a period already over is the order alone
      const rest = p.expiresAt.getTime() - Math.max(p.paidAt.getTime(), now.getTime());
      const granted =
        rest > 0
          ? await d.memberships.grant(
              { userId, goodsCode, days: rest / DAY, sourceType: 'order', sourceId: orderNo, now },
              tx,
            )
          : { startTime: p.paidAt, endTime: p.expiresAt };
      const moved = await d.orders.move(
        orderNo,
        OrderStatus.unpaid,
        OrderStatus.paid,
        {
          payAmount: p.amount,
          payTime: p.paidAt,
          startDate: granted.startTime,
          endDate: granted.endTime,
          updatedAt: now,
        },
        tx,
      );
      if (!moved) throw new Error(`order ${orderNo} changed under the charge's lock`);
      await d.audit.record(
        {
          event: 'store.paid',
          userId,
          detail: {
            store: p.store,
            chargeId: p.chargeId,
            orderNo,
            amount: p.amount,
            currency: p.currency,
            ...p.detail,
          },
        },
        tx,
      );
      return 'granted';
    },

    /** A refund or revocation by the store: the charge's order refunded (5) and its membership ended now. */
    async takeBack(tx: Tx, store: Store, chargeId: string, detail: Record<string, unknown>): Promise<StoreOutcome> {
      const invoiceId = storeInvoiceId(store, chargeId);
      await lock(tx, invoiceId);
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
          detail: { store, chargeId, orderNo: order.orderNo, ...detail },
        },
        tx,
      );
      return 'refunded';
    },

    /**
     * The store subscription's state as the store says it now, onto its row (written once its
     * first period is paid, with the price of that period; later notifications update it).
     * Google Play's state is read from its API (always the current one); the App Store's and
     * FastSpring's notifications arrive in any order: an end already later than theirs is kept,
     * and so is the state against an earlier period's expiry or failure.
     */
    async track(
      tx: Tx,
      userId: string,
      s: StoreSubscriptionState,
      price: { amount: number | null; currency: string | null; periodStart: Date } | null,
    ) {
      const now = d.now();
      const where = and(
        eq(storeSubscriptions.store, s.store),
        eq(storeSubscriptions.storeSubscriptionId, s.storeSubscriptionId),
      );
      const [row] = await tx.select().from(storeSubscriptions).where(where).for('update');
      if (row) {
        if (row.userId !== userId) return;
        // an older period's expiry or failure heard late changes nothing; its renewal switch still counts
        const stale = s.store !== 'googlePlay' && row.expiresAt > s.expiresAt;
        await tx
          .update(storeSubscriptions)
          .set({
            ...(stale && s.state !== 'active' ? {} : { state: s.state, autoRenewing: s.autoRenewing }),
            ...(stale ? {} : { expiresAt: s.expiresAt }),
            productId: s.productId,
            goodsCode: s.goodsCode,
            manageUrl: s.manageUrl,
            ...(price?.amount != null && price.currency && CURRENCIES.has(price.currency)
              ? { amount: price.amount, currency: price.currency as 'USD' | 'CNY' }
              : {}),
            updatedAt: now,
          })
          .where(where);
        return;
      }
      if (price?.amount == null || !price.currency || !CURRENCIES.has(price.currency)) return;
      if (!(await d.products.findGoods(s.goodsCode, tx))) return;
      await tx
        .insert(storeSubscriptions)
        .values({
          ...s,
          userId,
          // a period of half a year or more renews yearly
          interval: s.expiresAt.getTime() - price.periodStart.getTime() >= 180 * DAY ? 'year' : 'month',
          amount: price.amount,
          currency: price.currency as 'USD' | 'CNY',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    },

    /** A subscription started, an expiry, a failed renewal, a cancellation: recorded (audit), the membership keeps its end. */
    async record(
      tx: Tx,
      userId: string,
      event: 'store.subscribed' | 'store.expired' | 'store.renewalFailed' | 'store.cancelled',
      detail: Record<string, unknown>,
    ) {
      await d.audit.record({ event, userId, detail }, tx);
      return 'recorded' as const;
    },
  };
}
export type StoreOrders = ReturnType<typeof createStoreOrders>;
