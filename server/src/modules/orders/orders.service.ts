/**
 * Orders (docs/product.md#data and docs/product.md#states): create from the catalogue in the region currency,
 * read the owner's, cancel along the state machine, refund (admin), and
 * mark served orders expired.
 */

import { Code } from '@ac/protocol/codes';
import type { TOrderCreateRequest, TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus, orderStatusName, type TOrderStatus } from '@ac/protocol/enums';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { DayPeriod } from '../../db/per-day.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { UserAnswerCache } from '../../lib/user-answer-cache.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { type ProductsService, priceIn } from '../products/products.service.ts';
import { createOrderCoupons } from './order-coupon.ts';
import { newOrderNo } from './order-number.ts';
import { assertTransition, CANCELLABLE } from './order-state.ts';
import { toOrderDetail, toOrderRow } from './order-view.ts';
import { createOrdersRepo, type NewOrder, type OrderPatch } from './orders.repo.ts';

type Deps = {
  db: Db;
  products: Pick<ProductsService, 'purchasable' | 'currency'>;
  memberships: Pick<MembershipsService, 'liveSpan'>;
  /** A frozen company's member may not buy what the company holds seats of. */
  companies: Pick<CompanyService, 'assertMayBuy'>;
  coupons: Pick<CouponsService, 'claim' | 'release' | 'offers'>;
  audit: AuditService;
  /** Keeps the first page of order/list per user (lib/user-answer-cache.ts); every order write forgets it. */
  answers?: UserAnswerCache;
  now?: () => Date;
};
export type OrderOrigin = { channel: string; ip?: string; requestId?: string };
/** What an order is for: the rest (number, owner, status, currency, times) is the same for every order. */
export type OrderSpec = Pick<
  NewOrder,
  'goodsCode' | 'quantity' | 'serviceType' | 'orderType' | 'orderAmount' | 'codeDays'
>;

const CREATE_TRIES = 3;
const EXPIRE_BATCH = 500;

/** Statuses of an order whose service runs until its end date. */
const SERVED = [OrderStatus.paid, OrderStatus.partiallyRefunded, OrderStatus.conversionDue] as const;
/** Whether something keeps a served order from expiring, asked inside the transaction holding its row lock. */
export type ExpiryHold = (orderNo: string, tx: Tx) => Promise<boolean>;

export function createOrdersService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createOrdersRepo(tx ?? d.db);
  const coupons = createOrderCoupons({ db: d.db, coupons: d.coupons, audit: d.audit, now });

  /** Expires one served order if, under its lock, its service has still ended and nothing holds it. */
  function expireOne(orderNo: string, at: Date, held: ExpiryHold): Promise<boolean> {
    return d.db.transaction(async (tx) => {
      const o = await repo(tx).lockOrder(orderNo);
      const status = o?.status as TOrderStatus | undefined;
      if (!o || !status || !SERVED.some((s) => s === status) || !o.endDate || o.endDate > at) return false;
      if (await held(orderNo, tx)) return false;
      assertTransition(status, OrderStatus.expired);
      return (await repo(tx).moveStatus(orderNo, status, OrderStatus.expired, { updatedAt: at })) !== null;
    });
  }

  /** Inserts an unpaid order in the region currency, the coupon held in the same transaction. */
  async function place(userId: string, spec: OrderSpec, coupon: string | undefined, origin: OrderOrigin, at: Date) {
    const currency = d.products.currency;
    for (let attempt = 1; ; attempt++) {
      try {
        const order = await d.db.transaction(async (tx) => {
          const created = await repo(tx).insertOrder({
            ...spec,
            orderNo: newOrderNo(at),
            userId,
            channel: origin.channel,
            status: OrderStatus.unpaid,
            currency,
            payAmount: 0,
            createdAt: at,
            updatedAt: at,
          });
          // the coupon step: held in this transaction, so a refused coupon leaves no order behind
          return coupon ? coupons.attach(created, userId, coupon, tx) : created;
        });
        d.answers?.forgetUser(userId);
        await d.audit.record({
          event: 'order.created',
          userId,
          ip: origin.ip,
          requestId: origin.requestId,
          detail: {
            orderNo: order.orderNo,
            goodsCode: spec.goodsCode,
            orderType: spec.orderType,
            amount: spec.orderAmount,
            currency,
            coupon: order.couponCode,
          },
        });
        return order;
      } catch (e) {
        if (!isUniqueViolation(e) || attempt >= CREATE_TRIES) throw e;
      }
    }
  }

  async function ownOrder(userId: string, orderNo: string) {
    const row = await repo().findOrder(orderNo, userId);
    if (!row) throw new AppError(Code.orderNotFound);
    return row;
  }

  return {
    /** Paid orders with an amount per day of payment and currency, with what they paid (the console's dashboard). */
    salesPerDay: (p: DayPeriod) => repo().salesPerDay(p),
    /** Orders still not confirmed per day their payment began, and all of them now (the console's dashboard). */
    unconfirmedPerDay: (p: DayPeriod) => repo().unconfirmedPerDay(p),
    unconfirmedCount: () => repo().unconfirmedCount(),
    async list(userId: string, p: { pageNo: number; pageSize: number; status?: number }) {
      const { pageNo, pageSize, status } = p;
      const load = async () => {
        const { rows, total } = await repo().listOrders(userId, {
          status,
          offset: (pageNo - 1) * pageSize,
          limit: pageSize,
        });
        // nothing in a row changes by itself: every change of an order is a write (and its NOTIFY)
        return { value: { rows: rows.map(toOrderRow), total, pageNo, pageSize } };
      };
      // the first page is what the portal opens; deeper pages are read from the database
      if (pageNo !== 1 || !d.answers) return (await load()).value;
      return d.answers.get(userId, `order/list:${pageSize}:${status ?? ''}`, load);
    },

    async create(userId: string, req: TOrderCreateRequest, origin: OrderOrigin): Promise<TOrderDetail> {
      const goods = await d.products.purchasable(req.goodsCode);
      await d.companies.assertMayBuy(userId, goods.code);
      const at = now();
      const renewing = await d.memberships.liveSpan(userId, goods.code, at);
      const order = await place(
        userId,
        {
          goodsCode: goods.code,
          quantity: req.quantity,
          serviceType: goods.serviceType,
          orderType: renewing ? 'renewal' : 'automatic',
          orderAmount: priceIn(goods, d.products.currency) * req.quantity,
        },
        req.coupon,
        origin,
        at,
      );
      return toOrderDetail({ order, goodsName: goods.name, durationDays: goods.durationDays }, at);
    },

    /** An unpaid order of another kind (a batch of redeem codes), with the coupon step and the audit of `create`. */
    place: (userId: string, spec: OrderSpec, coupon: string | undefined, origin: OrderOrigin) =>
      place(userId, spec, coupon, origin, now()),

    async detail(userId: string, orderNo: string): Promise<TOrderDetail> {
      return toOrderDetail(await ownOrder(userId, orderNo), now());
    },

    /** Cancels an unpaid (0) order; anything else (a payment under way, 6, too) answers 2000003. */
    async cancel(userId: string, orderNo: string, origin: Omit<OrderOrigin, 'channel'>): Promise<void> {
      const { order } = await ownOrder(userId, orderNo);
      const refuse = (status: number) =>
        new AppError(Code.orderCannotCancel, undefined, { status: orderStatusName[status as TOrderStatus] });
      const from = order.status as TOrderStatus;
      if (!CANCELLABLE.includes(from)) throw refuse(from);
      assertTransition(from, OrderStatus.cancelled);
      const moved = await d.db.transaction(async (tx) => {
        const row = await repo(tx).moveStatus(orderNo, from, OrderStatus.cancelled, { updatedAt: now() });
        if (row) await d.coupons.release([orderNo], tx);
        return row;
      });
      if (!moved) throw refuse((await ownOrder(userId, orderNo)).order.status);
      d.answers?.forgetUser(userId);
      await d.audit.record({ event: 'order.cancelled', userId, ...origin, detail: { orderNo } });
    },

    /** An order with its goods; only the owner's when `userId` is given. */
    find: (orderNo: string, userId?: string) => repo().findOrder(orderNo, userId),
    /** The owner's orders in `statuses`, newest payment first. */
    inStatuses: (userId: string, statuses: number[]) => repo().listOrdersIn(userId, statuses),
    /** The owner's orders among `orderNos` (others and unknown numbers are left out). */
    findMany: (orderNos: string[], userId: string) => repo().findOrders(orderNos, userId),
    /** The order row locked until `tx` ends. */
    lock: (orderNo: string, tx: DbOrTx) => repo(tx).lockOrder(orderNo),
    /** The conditional status change of the state machine; null when the order was no longer in `from`. */
    move: (orderNo: string, from: number, to: number, patch: OrderPatch, tx?: DbOrTx) =>
      repo(tx).moveStatus(orderNo, from, to, patch),
    insert: (row: NewOrder, tx?: DbOrTx) => repo(tx).insertOrder(row),
    /** The owner of an order number, or null (the console's user search). */
    userOfOrder: (orderNo: string) => repo().userOfOrder(orderNo.trim().toUpperCase()),
    /** The order of a provider invoice, locked in `tx` (docs/product.md#renewing-memberships). */
    lockByInvoice: (invoiceId: string, tx: DbOrTx) => repo(tx).lockByInvoice(invoiceId),
    /** A renewing membership's served orders still running at `at`, latest end first. */
    servedOfSubscription: (subscriptionId: string, at: Date, tx?: DbOrTx) =>
      repo(tx).ofSubscription(subscriptionId, [...SERVED], at),
    /** Account deletion: unpaid orders are cancelled, every order kept but no longer tied to the person. */
    async detachUser(userId: string, at: Date, tx: DbOrTx): Promise<void> {
      await d.coupons.release(await repo(tx).detachUser(userId, at), tx);
    },

    /** My coupons that the unpaid order may use, with their discounts. */
    couponOffers: coupons.offers,
    /** Applies a coupon to my unpaid order, or removes it (null); answers the order. */
    async applyCoupon(userId: string, orderNo: string, code: string | null, origin: Omit<OrderOrigin, 'channel'>) {
      await coupons.change(userId, orderNo, code, origin);
      return toOrderDetail(await ownOrder(userId, orderNo), now());
    },
    /** Cancels unpaid orders that held a coupon too long, releasing it (the scheduled expiry). */
    expireCouponHolds: coupons.expireHolds,

    /** Orders paid after they were cancelled and not refunded yet (the admin refunds them in full). */
    refundDue: (limit = 500) => repo().refundDue(limit),

    /**
     * Marks paid orders whose service period has ended as expired (3), except those `held` keeps
     * open (a gateway refund still awaited: payments.service.ts `expireServed`); returns how many.
     * Each order is checked and moved under its row lock, the lock a refund is asked under.
     */
    async expireServed(held: ExpiryHold): Promise<number> {
      const at = now();
      let changed = 0;
      let after = '';
      for (;;) {
        const batch = await repo().servedOrdersEndedBy(at, [...SERVED], EXPIRE_BATCH, after);
        for (const { orderNo } of batch) if (await expireOne(orderNo, at, held)) changed++;
        if (batch.length < EXPIRE_BATCH) break;
        after = batch.at(-1)!.orderNo;
      }
      return changed;
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
