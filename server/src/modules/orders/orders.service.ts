/**
 * Orders (docs/product.md#data and docs/product.md#states): create from the catalogue in the region currency,
 * read the owner's, cancel along the state machine, refund (admin), and
 * mark served orders expired.
 */

import { Code } from '@ac/protocol/codes';
import type { TOrderCreateRequest, TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus, orderStatusName, type TOrderStatus } from '@ac/protocol/enums';
import { AppError } from '../../lib/app-error.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { MembershipsRepo } from '../memberships/memberships.repo.ts';
import { type ProductsService, priceIn } from '../products/products.service.ts';
import { isUniqueViolation, newOrderNo } from './order-number.ts';
import { assertTransition, CANCELLABLE } from './order-state.ts';
import { toOrderDetail } from './order-view.ts';
import type { OrdersRepo } from './orders.repo.ts';

type Deps = {
  repo: OrdersRepo;
  products: Pick<ProductsService, 'purchasable' | 'currency'>;
  memberships: Pick<MembershipsRepo, 'liveSpan'>;
  audit: AuditRepo;
  now?: () => Date;
};
export type OrderOrigin = { channel: string; ip?: string; requestId?: string };

const CREATE_TRIES = 3;
const EXPIRE_BATCH = 500;

export function createOrdersService(d: Deps) {
  const now = d.now ?? (() => new Date());

  async function ownOrder(userId: string, orderNo: string) {
    const row = await d.repo.findOrder(orderNo, userId);
    if (!row) throw new AppError(Code.orderNotFound);
    return row;
  }

  return {
    async create(userId: string, req: TOrderCreateRequest, origin: OrderOrigin): Promise<TOrderDetail> {
      // No coupon is issued by this system yet, so none can be redeemed.
      if (req.coupon) throw new AppError(Code.couponInvalid);
      const goods = await d.products.purchasable(req.goodsCode);
      const currency = d.products.currency;
      const at = now();
      const renewing = await d.memberships.liveSpan(userId, goods.code, at);
      const amount = priceIn(goods, currency) * req.quantity;
      for (let attempt = 1; ; attempt++) {
        try {
          const order = await d.repo.insertOrder({
            orderNo: newOrderNo(at),
            userId,
            goodsCode: goods.code,
            quantity: req.quantity,
            serviceType: goods.serviceType,
            channel: origin.channel,
            orderType: renewing ? 'renewal' : 'automatic',
            status: OrderStatus.unpaid,
            currency,
            orderAmount: amount,
            payAmount: 0,
            createdAt: at,
            updatedAt: at,
          });
          await d.audit.record({
            event: 'order.created',
            userId,
            ip: origin.ip,
            requestId: origin.requestId,
            detail: { orderNo: order.orderNo, goodsCode: goods.code, amount, currency },
          });
          return toOrderDetail({ order, goodsName: goods.name, durationDays: goods.durationDays }, at);
        } catch (e) {
          if (!isUniqueViolation(e) || attempt >= CREATE_TRIES) throw e;
        }
      }
    },

    async detail(userId: string, orderNo: string): Promise<TOrderDetail> {
      return toOrderDetail(await ownOrder(userId, orderNo), now());
    },

    /** Cancels an unpaid (0) or not-confirmed (6) order; anything else answers 2000003. */
    async cancel(userId: string, orderNo: string, origin: Omit<OrderOrigin, 'channel'>): Promise<void> {
      const { order } = await ownOrder(userId, orderNo);
      const refuse = (status: number) =>
        new AppError(Code.orderCannotCancel, undefined, { status: orderStatusName[status as TOrderStatus] });
      const from = order.status as TOrderStatus;
      if (!CANCELLABLE.includes(from)) throw refuse(from);
      assertTransition(from, OrderStatus.cancelled);
      const moved = await d.repo.moveStatus(orderNo, from, OrderStatus.cancelled, { updatedAt: now() });
      if (!moved) throw refuse((await ownOrder(userId, orderNo)).order.status);
      await d.audit.record({ event: 'order.cancelled', userId, ...origin, detail: { orderNo } });
    },

    /** Marks paid orders whose service period has ended as expired (3); returns how many. */
    async expireServed(): Promise<number> {
      const at = now();
      const served = [OrderStatus.paid, OrderStatus.partiallyRefunded, OrderStatus.conversionDue];
      let changed = 0;
      for (;;) {
        const batch = await d.repo.servedOrdersEndedBy(at, served, EXPIRE_BATCH);
        for (const o of batch) {
          assertTransition(o.status as TOrderStatus, OrderStatus.expired);
          if (await d.repo.moveStatus(o.orderNo, o.status, OrderStatus.expired, { updatedAt: at })) changed++;
        }
        if (batch.length < EXPIRE_BATCH) break;
      }
      return changed;
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
