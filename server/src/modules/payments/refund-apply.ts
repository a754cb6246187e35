/**
 * Applies what a gateway says about refunds, each in ONE transaction under the order's row lock
 * (docs/decisions/0026-gateway-refunds.md): the order records a refund (8, or 5 when nothing is
 * left; the membership shortened, order-refund.ts) only when the gateway confirms it, and a
 * repeated statement is a duplicate that changes nothing.
 */
import { Code } from '@ac/protocol/codes';
import type { TCurrency } from '@ac/protocol/enums';
import type {
  PaymentGateway,
  RefundAnswer,
  RefundNotice,
  RefundReport,
  RefundRequest,
} from '../../adapters/payments/types.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordRefund } from './order-refund.ts';
import { type ApplyDeps, type ApplyOutcome, noteOutcome } from './payment-apply.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import { syncRefundHolds } from './refund-holds.ts';
import { createRefundRequestsRepo, type RefundRequestRow } from './refund-requests.repo.ts';

/** A request as the gateway is asked about it (`total`: the payment's amount). */
export const gatewayRequest = (r: RefundRequestRow, total: number): RefundRequest => ({
  refundNo: r.refundNo,
  orderNo: r.orderNo,
  tradeNo: r.tradeNo,
  amount: r.amount,
  total,
  currency: r.currency,
  gatewayRefundId: r.gatewayRefundId,
});

/**
 * A cumulative refund statement (Stripe's `charge.refunded`): the order is the one the refunded
 * payment was received for (and the one the statement names, when it names one); merchant,
 * currency and the payment's amount are checked; what was refunded beyond the order's refund
 * amount is recorded, and the open requests it covers (oldest first) are settled.
 */
export async function applyRefundReport(
  d: ApplyDeps,
  gateway: PaymentGateway,
  r: RefundReport,
  now: Date,
): Promise<ApplyOutcome> {
  return d.db.transaction(async (tx) => {
    const orderNo = r.tradeNo ? await createPaymentsRepo(tx).orderOfPayment(r.provider, r.tradeNo) : null;
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
      const requests = createRefundRequestsRepo(tx);
      let covered = delta;
      for (const open of (await requests.of(orderNo)).filter((q) => q.state === 'open' && q.provider === r.provider)) {
        if (open.amount > covered) break;
        await requests.settle(open.refundNo, 'succeeded', { settledAt: now });
        covered -= open.amount;
      }
      await syncRefundHolds(tx, orderNo);
    }
    const { provider, tradeNo, refundedTotal, currency } = r;
    await noteOutcome(
      d,
      tx,
      {
        provider,
        via: 'notify',
        orderNo,
        tradeNo,
        paid: false,
        amount: refundedTotal,
        currency,
        outcome,
        receivedAt: now,
      },
      order.userId,
      { orderNo, provider, tradeNo, refundedTotal, delta },
    );
    return outcome;
  });
}

/**
 * What the gateway says of one refund request — its synchronous answer, a query's answer or its
 * notification (`notice`, checked against the request and the order): succeeded → the order
 * records the refund; failed → the request fails and its amount is free again; pending or
 * unknown → nothing changes. A request no longer open makes it a duplicate. A notice of a
 * succeeded refund we never asked for (made in the merchant console) is recorded as a request
 * of its own, so the order shows it too.
 */
export async function applyRefundAnswer(
  d: ApplyDeps,
  gateway: PaymentGateway,
  s: { refundNo: string; answer: RefundAnswer; via: 'answer' | 'query' | 'notify'; notice?: RefundNotice },
  now: Date,
): Promise<ApplyOutcome> {
  return d.db.transaction(async (tx) => {
    const requests = createRefundRequestsRepo(tx);
    const orderNo = (await requests.find(s.refundNo))?.orderNo ?? s.notice?.orderNo;
    const order = orderNo ? await d.orders.lock(orderNo, tx) : null;
    if (!order) throw new AppError(Code.orderNotFound, `${gateway.name} refund ${s.refundNo}`);
    let request = await requests.find(s.refundNo);
    if (s.notice) checkNotice(gateway, s.notice, order, request ?? undefined);
    if (!request && s.notice && s.answer.state === 'succeeded') {
      request = await recordUnasked(tx, s.notice, order.currency, now);
    }
    if (!request) {
      if (!s.notice) throw new AppError(Code.orderNotFound, `${gateway.name} refund ${s.refundNo}`);
      // a failed refund we never asked for: nothing to record but that it came
      const n = s.notice;
      const row = { provider: n.provider, via: 'notify' as const, orderNo: order.orderNo, tradeNo: n.tradeNo };
      const detail = { orderNo: order.orderNo, provider: n.provider, refundNo: n.refundNo, state: s.answer.state };
      const values = { paid: false, amount: n.amount, currency: order.currency, outcome: 'ignored' as const };
      await noteOutcome(d, tx, { ...row, ...values, receivedAt: now }, order.userId, detail);
      return 'ignored';
    }

    let outcome: ApplyOutcome = 'ignored';
    const answer = s.answer;
    if (request.state !== 'open') {
      outcome = 'duplicate';
    } else if (answer.state === 'succeeded') {
      await requests.settle(request.refundNo, 'succeeded', { gatewayRefundId: answer.refundId, settledAt: now });
      await recordRefund(d, tx, order, request.amount, answer.at ?? now);
      await syncRefundHolds(tx, order.orderNo);
      outcome = 'refunded';
    } else if (answer.state === 'failed') {
      const failure = `${gateway.name} ${answer.reason}`;
      await requests.settle(request.refundNo, 'failed', { gatewayRefundId: answer.refundId, failure, settledAt: now });
      // the codes held for it can be redeemed again
      await syncRefundHolds(tx, order.orderNo);
      outcome = 'refundFailed';
    } else if (answer.state === 'pending') {
      await requests.noteGatewayId(request.refundNo, answer.refundId);
    }
    // a notification is always kept; an answer or a query only when it settled the request
    if (s.via !== 'notify' && outcome !== 'refunded' && outcome !== 'refundFailed') return outcome;
    const { provider, tradeNo, amount, currency, refundNo } = request;
    await noteOutcome(
      d,
      tx,
      {
        provider,
        via: s.via,
        orderNo: order.orderNo,
        tradeNo,
        paid: false,
        amount,
        currency,
        outcome,
        receivedAt: now,
      },
      order.userId,
      { orderNo: order.orderNo, provider, tradeNo, refundNo, via: s.via, state: answer.state },
    );
    return outcome;
  });
}

function checkNotice(
  gateway: PaymentGateway,
  n: RefundNotice,
  order: { orderNo: string; payAmount: number },
  request: RefundRequestRow | undefined,
) {
  const mismatch =
    n.merchant !== gateway.merchant ||
    n.orderNo !== order.orderNo ||
    n.total !== order.payAmount ||
    (request !== undefined && (n.amount !== request.amount || (n.tradeNo !== '' && n.tradeNo !== request.tradeNo)));
  if (mismatch) throw new AppError(Code.paymentMismatch, `${n.provider} refund ${n.refundNo} of ${n.orderNo}`);
}

/** A refund the gateway made that we never asked for (from its merchant console), as a request of its own. */
function recordUnasked(tx: Tx, n: RefundNotice, currency: TCurrency, now: Date): Promise<RefundRequestRow> {
  return createRefundRequestsRepo(tx).insert({
    refundNo: n.refundNo,
    orderNo: n.orderNo,
    provider: n.provider,
    tradeNo: n.tradeNo,
    amount: n.amount,
    currency,
    createdAt: now,
  });
}
