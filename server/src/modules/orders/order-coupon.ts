/**
 * The coupon step of orders (docs/product.md#coupons): holding a coupon for
 * an order inside the transaction that creates or changes it, the coupons an
 * order may use, and cancelling unpaid orders that held one too long (the
 * coupon released). Kept apart from order creation, which only calls `attach`.
 */
import { Code } from '@ac/protocol/codes';
import type { TCouponOffers } from '@ac/protocol/coupons';
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, MINUTE } from '../../lib/time.ts';
import type { AuditService, Origin } from '../audit/audit.service.ts';
import { COUPON_HOLD_MINUTES } from '../coupons/coupon-rules.ts';
import type { CouponsService } from '../coupons/coupons.service.ts';
import { assertTransition } from './order-state.ts';
import { createOrdersRepo, type OrderRow } from './orders.repo.ts';

export type OrderCouponDeps = {
  db: Db;
  coupons: Pick<CouponsService, 'claim' | 'release' | 'offers'>;
  audit: AuditService;
  now: () => Date;
};

const EXPIRE_BATCH = 200;
/** The statuses in which an order holds a coupon but nothing is paid or under way. */
const UNPAID_HOLDS: readonly TOrderStatus[] = [OrderStatus.unpaid, OrderStatus.payFailed];

const targetOf = (o: OrderRow) => ({ goodsCode: o.goodsCode, currency: o.currency, amount: o.orderAmount });

export function createOrderCoupons(d: OrderCouponDeps) {
  /** Holds `code` for the unpaid order inside `tx` and writes its discount; answers the order as written. */
  async function attach(order: OrderRow, userId: string, code: string, tx: DbOrTx): Promise<OrderRow> {
    const claimed = await d.coupons.claim({ ...targetOf(order), userId, code, orderNo: order.orderNo }, tx);
    const updated = await createOrdersRepo(tx).setCoupon(order.orderNo, claimed.code, claimed.discount, d.now());
    if (!updated) throw new Error(`order ${order.orderNo} left unpaid while its coupon was applied`);
    return updated;
  }

  return {
    attach,

    /** The coupons of mine the order may use now (the one it holds among them). */
    async offers(userId: string, orderNo: string): Promise<TCouponOffers> {
      const row = await createOrdersRepo(d.db).findOrder(orderNo, userId);
      if (!row) throw new AppError(Code.orderNotFound);
      const o = row.order;
      const rows = o.status === OrderStatus.unpaid ? await d.coupons.offers(userId, targetOf(o), o.couponCode) : [];
      return { applied: o.couponCode, rows };
    },

    /** Replaces the coupon of an unpaid order (null: removes it), all in one transaction. */
    async change(userId: string, orderNo: string, code: string | null, origin: Origin): Promise<void> {
      await d.db.transaction(async (tx) => {
        const order = await createOrdersRepo(tx).lockOrder(orderNo);
        if (!order || order.userId !== userId) throw new AppError(Code.orderNotFound);
        if (order.status !== OrderStatus.unpaid) throw new AppError(Code.orderCouponLocked);
        await d.coupons.release([orderNo], tx);
        const updated = code
          ? await attach(order, userId, code, tx)
          : await createOrdersRepo(tx).setCoupon(orderNo, null, 0, d.now());
        await d.audit.record(
          {
            event: 'order.couponChanged',
            userId,
            ...origin,
            detail: { orderNo, from: order.couponCode, to: updated?.couponCode ?? null },
          },
          tx,
        );
      });
    },

    /** Cancels unpaid (0) and failed (4) orders holding a coupon unchanged for COUPON_HOLD_MINUTES; releases it. */
    async expireHolds(): Promise<number> {
      const at = d.now();
      const before = addMs(at, -COUPON_HOLD_MINUTES * MINUTE);
      let changed = 0;
      for (;;) {
        const batch = await createOrdersRepo(d.db).couponHoldsBefore(before, [...UNPAID_HOLDS], EXPIRE_BATCH);
        for (const o of batch) {
          assertTransition(o.status as TOrderStatus, OrderStatus.cancelled);
          const moved = await d.db.transaction(async (tx) => {
            const patch = { updatedAt: at };
            const row = await createOrdersRepo(tx).moveStatus(o.orderNo, o.status, OrderStatus.cancelled, patch);
            if (!row) return false;
            await d.coupons.release([o.orderNo], tx);
            const detail = { orderNo: o.orderNo, coupon: row.couponCode };
            await d.audit.record({ event: 'order.expiredUnpaid', userId: o.userId, detail }, tx);
            return true;
          });
          if (moved) changed++;
        }
        if (batch.length < EXPIRE_BATCH) break;
      }
      return changed;
    },
  };
}
export type OrderCoupons = ReturnType<typeof createOrderCoupons>;
