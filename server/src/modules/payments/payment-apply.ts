/**
 * Applies a verified gateway report to its order in ONE transaction (docs/protocol.md#data-rules):
 * the order row is locked, amount, currency and merchant are checked,
 * the order moves along the state machine (0/6/4 → 1 on payment, 0/6 → 4
 * on failure) and the membership is granted. A payment for an order
 * cancelled before is kept on the order (its pay amount) and recorded as a
 * refund due, for the admin to refund (`orders refund-due`). Repeated and
 * out-of-order reports change nothing: they are recorded and acknowledged.
 */
import { Code } from '@ac/protocol/codes';
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';
import type { PaymentGateway, PaymentLog, PaymentReport, RefundReport } from '../../adapters/payments/types.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import { recordRefund } from '../orders/order-refund.ts';
import { canTransition, PAID_STATUSES } from '../orders/order-state.ts';
import { dueAmount } from '../orders/order-view.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import { createPaymentsRepo } from './payments.repo.ts';

export type ApplyOutcome = 'granted' | 'duplicate' | 'failed' | 'refundDue' | 'ignored' | 'refunded';

export type ApplyDeps = {
  db: Db;
  orders: Pick<OrdersService, 'lock' | 'move'>;
  memberships: Pick<MembershipsService, 'grant' | 'shorten'>;
  products: Pick<ProductsService, 'findGoods'>;
  audit: AuditService;
  log: Pick<PaymentLog, 'warn'>;
};

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
      outcome = 'duplicate';
    } else if (r.result === 'paid' && canTransition(from, OrderStatus.paid) && order.userId) {
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
      const moved = await d.orders.move(
        order.orderNo,
        from,
        OrderStatus.paid,
        {
          payAmount: r.amount,
          payTime: r.paidAt ?? now,
          startDate: granted.startTime,
          endDate: granted.endTime,
          updatedAt: now,
        },
        tx,
      );
      if (!moved) throw new Error(`order ${order.orderNo} changed under its row lock`);
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
    await createPaymentsRepo(tx).insertNotification({
      provider: r.provider,
      via,
      orderNo: r.orderNo,
      tradeNo: r.tradeNo,
      paid: r.result === 'paid',
      amount: r.amount,
      currency: r.currency,
      outcome,
      receivedAt: now,
    });
    await d.audit.record(
      {
        event: `payment.${outcome}`,
        userId: order.userId,
        detail: { orderNo: r.orderNo, provider: r.provider, tradeNo: r.tradeNo, via, result: r.result, from },
      },
      tx,
    );
    return outcome;
  });
}

/**
 * Applies a gateway's verified refund statement (Stripe's `charge.refunded`)
 * in ONE transaction: the order is the one the refunded payment was received
 * for (and the one the statement names, when it names one); merchant,
 * currency and the payment's amount are checked; what was refunded beyond
 * the order's refund amount is recorded (5 when nothing is left, else 8)
 * and the membership shortened. The statement is cumulative, so a repeated
 * one is a duplicate and changes nothing.
 */
export async function applyRefundReport(
  d: ApplyDeps,
  gateway: PaymentGateway,
  r: RefundReport,
  now: Date,
): Promise<ApplyOutcome> {
  return d.db.transaction(async (tx) => {
    const repo = createPaymentsRepo(tx);
    const orderNo = r.tradeNo ? await repo.orderOfPayment(r.provider, r.tradeNo) : null;
    if (!orderNo) throw new AppError(Code.orderNotFound, `${r.provider} payment ${r.tradeNo}`);
    if (r.orderNo !== null && r.orderNo !== orderNo) {
      throw new AppError(Code.paymentMismatch, `${r.provider} ${r.tradeNo} names ${r.orderNo}, paid ${orderNo}`);
    }
    const order = await d.orders.lock(orderNo, tx);
    if (!order) throw new AppError(Code.orderNotFound, orderNo);
    if (
      r.merchant !== gateway.merchant ||
      r.currency !== order.currency ||
      r.amount !== order.payAmount ||
      !Number.isSafeInteger(r.refundedTotal) ||
      r.refundedTotal > order.payAmount
    ) {
      throw new AppError(Code.paymentMismatch, `${r.provider} refund ${orderNo}`);
    }
    const delta = r.refundedTotal - order.refundAmount;
    let outcome: ApplyOutcome = 'duplicate';
    if (delta > 0) {
      await recordRefund(d, tx, order, delta, now);
      outcome = 'refunded';
    }
    await repo.insertNotification({
      provider: r.provider,
      via: 'notify',
      orderNo,
      tradeNo: r.tradeNo,
      paid: false,
      amount: r.refundedTotal,
      currency: r.currency,
      outcome,
      receivedAt: now,
    });
    await d.audit.record(
      {
        event: `payment.${outcome}`,
        userId: order.userId,
        detail: { orderNo, provider: r.provider, tradeNo: r.tradeNo, refundedTotal: r.refundedTotal, delta },
      },
      tx,
    );
    return outcome;
  });
}
