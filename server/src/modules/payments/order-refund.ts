/**
 * Refunds (admin): the whole amount not yet refunded → refunded (5), a
 * part → partially refunded (8). The membership the order granted is
 * shortened in the same transaction: by the refunded share of its
 * remaining length, or entirely for a full refund; a batch of redeem codes
 * loses the refunded share of its unused codes (redeem-order-codes.ts). For a gateway without
 * a refund API the money moves in its merchant console and this records it;
 * a Stripe refund is asked of Stripe and recorded when its webhook confirms
 * it (payments.service.ts `refund`).
 */
import { Code } from '@ac/protocol/codes';
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { assertTransition } from '../orders/order-state.ts';
import { createOrdersRepo, type OrderRow } from '../orders/orders.repo.ts';
import type { ReceiptsService } from '../receipts/receipts.service.ts';
import { assertRefundableCodes, isRedeemCodeOrder, voidRefundedCodes } from '../redeem/redeem-order-codes.ts';

type Deps = {
  db: Db;
  memberships: Pick<MembershipsService, 'shorten'>;
  audit: AuditService;
  /** Issues the refund's credit note (overseas build) in its transaction. */
  receipts?: Pick<ReceiptsService, 'issueCreditNote'>;
  now?: () => Date;
};

/**
 * Records a refund of `value` minor units on an order locked in `tx`: 5 when
 * nothing is left to refund, else 8; the granted membership shortened by the
 * refunded share. Used by the admin's recorded refunds and by a gateway's
 * refund notification (payment-apply.ts).
 */
export async function recordRefund(
  d: Pick<Deps, 'memberships' | 'audit' | 'receipts'>,
  tx: Tx,
  order: OrderRow,
  value: number,
  at: Date,
): Promise<OrderRow> {
  const refundable = order.payAmount - order.refundAmount;
  if (!Number.isSafeInteger(value) || value < 1 || value > refundable) throw new AppError(Code.refundInvalid);
  const full = value === refundable;
  const from = order.status as TOrderStatus;
  const to = full ? OrderStatus.refunded : OrderStatus.partiallyRefunded;
  assertTransition(from, to);
  // a batch of redeem codes: the refunded share of its unused codes is voided; a membership is shortened
  const codes = isRedeemCodeOrder(order) ? await voidRefundedCodes(tx, order, value) : 0;
  const newEnd =
    order.userId && !isRedeemCodeOrder(order)
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
  const moved = await createOrdersRepo(tx).moveStatus(order.orderNo, from, to, {
    refundAmount: order.refundAmount + value,
    endDate: newEnd ?? order.endDate,
    updatedAt: at,
  });
  if (!moved) throw new Error(`order ${order.orderNo} changed under its row lock`);
  await d.receipts?.issueCreditNote(tx, moved, value, at);
  await d.audit.record(
    {
      event: full ? 'order.refunded' : 'order.partiallyRefunded',
      userId: order.userId,
      detail: { orderNo: order.orderNo, amount: value, currency: order.currency, voidedCodes: codes },
    },
    tx,
  );
  return moved;
}

export function createOrderRefunds(d: Deps) {
  const now = d.now ?? (() => new Date());
  return {
    /**
     * Refunds `amount` minor units (default: all not yet refunded); returns the updated order.
     * `within` runs in the refund's transaction (the console's staff audit row).
     */
    async refund(
      orderNo: string,
      amount?: number,
      within?: (tx: Tx, before: OrderRow, after: OrderRow) => Promise<void>,
    ): Promise<OrderRow> {
      return d.db.transaction(async (tx) => {
        const order = await createOrdersRepo(tx).lockOrder(orderNo);
        if (!order) throw new AppError(Code.orderNotFound);
        await assertRefundableCodes(tx, order, amount ?? order.payAmount - order.refundAmount);
        const moved = await recordRefund(d, tx, order, amount ?? order.payAmount - order.refundAmount, now());
        await within?.(tx, order, moved);
        return moved;
      });
    },
  };
}
export type OrderRefunds = ReturnType<typeof createOrderRefunds>;
