/**
 * Refunds (admin): the whole amount not yet refunded → refunded (5), a
 * part → partially refunded (8). The membership the order granted is
 * shortened in the same transaction: by the refunded share of its
 * remaining length, or entirely for a full refund. Money moves at the
 * gateway's merchant console; this records it.
 */
import { Code } from '@ac/protocol/codes';
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { assertTransition } from './order-state.ts';
import { createOrdersRepo, type OrderRow } from './orders.repo.ts';

type Deps = { db: Db; memberships: Pick<MembershipsService, 'shorten'>; audit: AuditService; now?: () => Date };

export function createOrderRefunds(d: Deps) {
  const now = d.now ?? (() => new Date());
  return {
    /** Refunds `amount` minor units (default: all not yet refunded); returns the updated order. */
    async refund(orderNo: string, amount?: number): Promise<OrderRow> {
      return d.db.transaction(async (tx) => {
        const orders = createOrdersRepo(tx);
        const order = await orders.lockOrder(orderNo);
        if (!order) throw new AppError(Code.orderNotFound);
        const refundable = order.payAmount - order.refundAmount;
        const value = amount ?? refundable;
        if (!Number.isSafeInteger(value) || value < 1 || value > refundable) throw new AppError(Code.refundInvalid);
        const full = value === refundable;
        const from = order.status as TOrderStatus;
        const to = full ? OrderStatus.refunded : OrderStatus.partiallyRefunded;
        assertTransition(from, to);
        const at = now();
        const newEnd = order.userId
          ? await d.memberships.shorten(
              {
                userId: order.userId,
                sourceType: 'order',
                sourceId: order.orderNo,
                fraction: value / refundable,
                now: at,
              },
              tx,
            )
          : null;
        const moved = await orders.moveStatus(orderNo, from, to, {
          refundAmount: order.refundAmount + value,
          endDate: newEnd ?? order.endDate,
          updatedAt: at,
        });
        if (!moved) throw new Error(`order ${orderNo} changed under its row lock`);
        await d.audit.record(
          {
            event: full ? 'order.refunded' : 'order.partiallyRefunded',
            userId: order.userId,
            detail: { orderNo, amount: value, currency: order.currency },
          },
          tx,
        );
        return moved;
      });
    },
  };
}
export type OrderRefunds = ReturnType<typeof createOrderRefunds>;
