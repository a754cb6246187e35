/**
 * Applies a verified gateway report to its order in ONE transaction (docs/protocol.md#data-rules):
 * the order row is locked, amount, currency and merchant are checked,
 * the order moves along the state machine (0/6/4 → 1 on payment, 0/6 → 4
 * on failure) and the membership is granted. Repeated and out-of-order
 * reports change nothing: they are recorded and acknowledged.
 */
import { Code } from '@ac/protocol/codes';
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';
import type { PaymentGateway, PaymentReport } from '../../adapters/payments/types.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAuditRepo } from '../audit/audit.repo.ts';
import { grantMembership } from '../memberships/membership-grants.ts';
import { canTransition, PAID_STATUSES } from '../orders/order-state.ts';
import { createOrdersRepo } from '../orders/orders.repo.ts';
import { createProductsRepo } from '../products/products.repo.ts';
import { createPaymentsRepo } from './payments.repo.ts';

export type ApplyOutcome = 'granted' | 'duplicate' | 'failed' | 'ignored';

export async function applyPaymentReport(
  db: Db,
  gateway: PaymentGateway,
  r: PaymentReport,
  via: 'notify' | 'query',
  now: Date,
): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    const orders = createOrdersRepo(tx);
    const order = await orders.lockOrder(r.orderNo);
    if (!order) throw new AppError(Code.orderNotFound, r.orderNo);
    if (r.merchant !== gateway.merchant || r.amount !== order.orderAmount || r.currency !== order.currency) {
      throw new AppError(Code.paymentMismatch, `${r.provider} ${r.orderNo}`);
    }
    const from = order.status as TOrderStatus;
    let outcome: ApplyOutcome = 'ignored';
    if (r.result === 'paid' && PAID_STATUSES.includes(from)) {
      outcome = 'duplicate';
    } else if (r.result === 'paid' && canTransition(from, OrderStatus.paid) && order.userId) {
      const goods = await createProductsRepo(tx).findGoods(order.goodsCode);
      const granted = await grantMembership(tx, {
        userId: order.userId,
        goodsCode: order.goodsCode,
        days: (goods?.durationDays ?? 0) * order.quantity,
        sourceType: 'order',
        sourceId: order.orderNo,
        now,
      });
      const moved = await orders.moveStatus(order.orderNo, from, OrderStatus.paid, {
        payAmount: r.amount,
        payTime: r.paidAt ?? now,
        startDate: granted.startTime,
        endDate: granted.endTime,
        updatedAt: now,
      });
      if (!moved) throw new Error(`order ${order.orderNo} changed under its row lock`);
      outcome = 'granted';
    } else if (r.result === 'failed' && canTransition(from, OrderStatus.payFailed)) {
      await orders.moveStatus(order.orderNo, from, OrderStatus.payFailed, { updatedAt: now });
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
    await createAuditRepo(tx).record({
      event: `payment.${outcome}`,
      userId: order.userId,
      detail: { orderNo: r.orderNo, provider: r.provider, tradeNo: r.tradeNo, via, result: r.result, from },
    });
    return outcome;
  });
}
