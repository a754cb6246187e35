/**
 * Applies a verified gateway report to its order in ONE transaction (docs/protocol.md#data-rules):
 * the order row is locked, amount, currency and merchant are checked,
 * the order moves along the state machine (0/6/4 → 1 on payment, 0/6 → 4
 * on failure) and the membership is granted (or, for a `redeemCodes` order, its codes issued). A payment for an order
 * cancelled before is kept on the order (its pay amount) and recorded as a
 * refund due, for the admin to refund (`orders refund-due`); so is a second
 * payment of an order paid already (its notification row). Repeated and
 * out-of-order reports change nothing: they are recorded and acknowledged.
 */
import { Code } from '@ac/protocol/codes';
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';
import type { PaymentGateway, PaymentLog, PaymentReport } from '../../adapters/payments/types.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { canTransition, PAID_STATUSES } from '../orders/order-state.ts';
import { dueAmount } from '../orders/order-view.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { ReceiptsService } from '../receipts/receipts.service.ts';
import { isRedeemCodeOrder, issueOrderCodes } from '../redeem/redeem-order-codes.ts';
import { createPaymentsRepo } from './payments.repo.ts';

export type ApplyOutcome = 'granted' | 'duplicate' | 'failed' | 'refundDue' | 'ignored' | 'refunded' | 'refundFailed';

export type ApplyDeps = {
  db: Db;
  orders: Pick<OrdersService, 'lock' | 'move'>;
  memberships: Pick<MembershipsService, 'grant' | 'shorten'>;
  products: Pick<ProductsService, 'findGoods'>;
  /** Receipts and credit notes (overseas build), issued in the payment's and the refund's transaction. */
  receipts?: Pick<ReceiptsService, 'issueReceipt' | 'issueCreditNote'>;
  audit: AuditService;
  log: Pick<PaymentLog, 'warn'>;
};

type NotificationRow = Parameters<ReturnType<typeof createPaymentsRepo>['insertNotification']>[0];

/** What a gateway said and what it did, in the caller's transaction: the notification row and its audit entry. */
export async function noteOutcome(
  d: Pick<ApplyDeps, 'audit'>,
  tx: Tx,
  row: NotificationRow & { outcome: ApplyOutcome },
  userId: string | null,
  detail: Record<string, unknown>,
): Promise<void> {
  await createPaymentsRepo(tx).insertNotification(row);
  await d.audit.record({ event: `payment.${row.outcome}`, userId, detail }, tx);
}

/**
 * A paid report of an order that is paid already names a second payment when the payment that
 * paid the order is known and this one is neither it nor one kept before
 * (docs/decisions/0037-commerce-review-findings.md).
 */
async function isSecondPayment(tx: Tx, r: PaymentReport): Promise<boolean> {
  const payments = createPaymentsRepo(tx);
  const paidBy = await payments.receivedPayment(r.orderNo);
  if (!paidBy || (paidBy.provider === r.provider && paidBy.tradeNo === r.tradeNo)) return false;
  return !(await payments.isReceived(r.orderNo, r.provider, r.tradeNo));
}

export async function applyPaymentReport(
  d: ApplyDeps,
  gateway: PaymentGateway,
  r: PaymentReport,
  via: 'notify' | 'query',
  now: Date,
): Promise<ApplyOutcome> {
  return d.db.transaction(async (tx) => {
    const order = await d.orders.lock(r.orderNo, tx);
    if (!order) throw new AppError(Code.orderNotFound, r.orderNo);
    if (r.merchant !== gateway.merchant || r.amount !== dueAmount(order) || r.currency !== order.currency) {
      throw new AppError(Code.paymentMismatch, `${r.provider} ${r.orderNo}`);
    }
    const from = order.status as TOrderStatus;
    let outcome: ApplyOutcome = 'ignored';
    if (r.result === 'paid' && PAID_STATUSES.includes(from)) {
      // the same payment again, or a second one (a second checkout of an order awaiting confirmation)
      outcome = (await isSecondPayment(tx, r)) ? 'refundDue' : 'duplicate';
      if (outcome === 'refundDue') {
        const { orderNo, provider, tradeNo, amount, currency } = r;
        d.log.warn({ orderNo, provider, tradeNo, amount, currency }, 'paid twice: the second payment is a refund due');
      }
    } else if (r.result === 'paid' && canTransition(from, OrderStatus.paid) && order.userId) {
      // what the payment buys: a batch of redeem codes, or the membership
      let span: { startDate: Date | null; endDate: Date | null } = { startDate: null, endDate: null };
      if (isRedeemCodeOrder(order)) {
        await issueOrderCodes(tx, order, now);
      } else {
        const goods = await d.products.findGoods(order.goodsCode, tx);
        const granted = await d.memberships.grant(
          {
            userId: order.userId,
            goodsCode: order.goodsCode,
            days: (goods?.durationDays ?? 0) * order.quantity,
            sourceType: 'order',
            sourceId: order.orderNo,
            now,
          },
          tx,
        );
        span = { startDate: granted.startTime, endDate: granted.endTime };
      }
      const moved = await d.orders.move(
        order.orderNo,
        from,
        OrderStatus.paid,
        { payAmount: r.amount, payTime: r.paidAt ?? now, ...span, updatedAt: now },
        tx,
      );
      if (!moved) throw new Error(`order ${order.orderNo} changed under its row lock`);
      await d.receipts?.issueReceipt(tx, moved, { provider: r.provider, tax: r.tax ?? null, at: r.paidAt ?? now });
      outcome = 'granted';
    } else if (r.result === 'paid' && from === OrderStatus.cancelled) {
      if (order.payAmount > 0) {
        outcome = 'duplicate';
      } else {
        const patch = { payAmount: r.amount, payTime: r.paidAt ?? now, updatedAt: now };
        await d.orders.move(order.orderNo, from, from, patch, tx);
        outcome = 'refundDue';
        const { orderNo, provider, tradeNo, amount, currency } = r;
        d.log.warn({ orderNo, provider, tradeNo, amount, currency }, 'paid after it was cancelled: refund due');
      }
    } else if (r.result === 'failed' && canTransition(from, OrderStatus.payFailed)) {
      await d.orders.move(order.orderNo, from, OrderStatus.payFailed, { updatedAt: now }, tx);
      outcome = 'failed';
    }
    await noteOutcome(
      d,
      tx,
      {
        provider: r.provider,
        via,
        orderNo: r.orderNo,
        tradeNo: r.tradeNo,
        paid: r.result === 'paid',
        amount: r.amount,
        currency: r.currency,
        outcome,
        receivedAt: now,
      },
      order.userId,
      { orderNo: r.orderNo, provider: r.provider, tradeNo: r.tradeNo, via, result: r.result, from },
    );
    return outcome;
  });
}
