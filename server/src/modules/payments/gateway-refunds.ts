/**
 * Refunds through the gateway that took the payment (docs/decisions/0026-gateway-refunds.md).
 * `refund` reserves the amount as an open request under the order's row lock (open requests
 * and the refunded amount never exceed the paid amount, however many run at once), then asks
 * the gateway with the request's refund number: the same number asked again never refunds
 * twice. The order records the refund only when the gateway confirms it — in its synchronous
 * answer (Alipay), its notification (WeChat Pay, Stripe) or a later query (reconciliation).
 * A payment through a gateway without a refund API (the sandbox) is refunded by recording it.
 */
import { Code } from '@ac/protocol/codes';
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';
import type { PaymentGateways } from '../../adapters/payments/gateways.ts';
import {
  type PaymentGateway,
  type PaymentLog,
  REFUND_REFUSALS,
  type RefundAnswer,
} from '../../adapters/payments/types.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertTransition } from '../orders/order-state.ts';
import type { OrderRow } from '../orders/orders.repo.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { OrderRefunds } from './order-refund.ts';
import type { ApplyDeps, ApplyOutcome } from './payment-apply.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import { applyRefundAnswer, gatewayRequest } from './refund-apply.ts';
import { syncRefundHolds } from './refund-holds.ts';
import { createRefundRequestsRepo, type RefundRequestRow, refundNoOf } from './refund-requests.repo.ts';

type Deps = ApplyDeps & {
  orders: Pick<OrdersService, 'find' | 'lock'>;
  gateways: PaymentGateways;
  refunds: Pick<OrderRefunds, 'refund'>;
  log: PaymentLog;
  now: () => Date;
};

/** An admin refund: recorded at once, confirmed by the gateway's answer, or asked and awaiting its confirmation. */
export type RefundResult =
  | { kind: 'recorded'; order: OrderRow }
  | { kind: 'refunded'; order: OrderRow; provider: string; refundNo: string; amount: number }
  | { kind: 'requested'; order: OrderRow; provider: string; refundNo: string; refundId: string; amount: number };

/**
 * Work done in the transaction that takes the refund — the request reserved under the order's row
 * lock, or the refund recorded — so it commits or rolls back with it (the console's staff audit
 * row). `request` is null for a recorded refund; `repeated`: the same open request asked again.
 */
export type RefundWithin = (
  tx: Tx,
  change: { before: OrderRow; after: OrderRow | null; request: RefundRequestRow | null; repeated: boolean },
) => Promise<void>;

const sum = (rows: RefundRequestRow[]) => rows.reduce((n, r) => n + r.amount, 0);

export function createGatewayRefunds(d: Deps) {
  /** Reserves the refund as an open request, or finds the open request a repeated command asks again. */
  async function reserve(
    orderNo: string,
    gateway: PaymentGateway,
    tradeNo: string,
    amount: number | undefined,
    within?: RefundWithin,
  ) {
    return d.db.transaction(async (tx) => {
      const order = await d.orders.lock(orderNo, tx);
      if (!order) throw new AppError(Code.orderNotFound);
      const requests = createRefundRequestsRepo(tx);
      const open = (await requests.of(orderNo)).filter((r) => r.state === 'open');
      const left = order.payAmount - order.refundAmount - sum(open);
      // asked again while unconfirmed: the same request, the same refund number
      const again =
        amount === undefined ? (left === 0 ? open.at(-1) : undefined) : open.find((r) => r.amount === amount);
      if (again) {
        await within?.(tx, { before: order, after: null, request: again, repeated: true });
        return { request: again, order, repeated: true };
      }
      const value = amount ?? left;
      if (!Number.isSafeInteger(value) || value < 1 || value > left) throw new AppError(Code.refundInvalid);
      const full = value + sum(open) === order.payAmount - order.refundAmount;
      assertTransition(order.status as TOrderStatus, full ? OrderStatus.refunded : OrderStatus.partiallyRefunded);
      const request = await requests.insert({
        refundNo: refundNoOf(orderNo, (await requests.countOf(orderNo)) + 1),
        orderNo,
        provider: gateway.name,
        tradeNo,
        amount: value,
        currency: order.currency,
        createdAt: d.now(),
      });
      // a batch of redeem codes: the codes this refund stands for are held from now on (never
      // more than are unused); the transaction, with the request, is undone when they are not
      if ((await syncRefundHolds(tx, orderNo)) > 0) throw new AppError(Code.redeemRefundBeyondUnused);
      await within?.(tx, { before: order, after: null, request, repeated: false });
      return { request, order, repeated: false };
    });
  }

  /** Asks the gateway (again) for an open request and applies its answer. */
  async function ask(gateway: PaymentGateway, request: RefundRequestRow, total: number): Promise<RefundAnswer> {
    let answer: RefundAnswer;
    try {
      answer = await gateway.refund!(gatewayRequest(request, total));
    } catch (e) {
      if (e instanceof AppError && REFUND_REFUSALS.includes(e.code)) {
        const failed: RefundAnswer = { state: 'failed', refundId: '', reason: `${e.code} ${e.message}` };
        await applyRefundAnswer(d, gateway, { refundNo: request.refundNo, answer: failed, via: 'answer' }, d.now());
        throw e;
      }
      d.log.warn({ err: e, refundNo: request.refundNo, provider: gateway.name }, 'refund answer unknown');
      throw new AppError(
        Code.paymentProviderFailed,
        `refund ${request.refundNo} was asked of ${gateway.name} but its answer is unknown; it stays open: repeat the command to ask again under the same refund number, or let reconciliation query it`,
      );
    }
    await applyRefundAnswer(d, gateway, { refundNo: request.refundNo, answer, via: 'answer' }, d.now());
    return answer;
  }

  return {
    /**
     * Refunds `amount` minor units of an order (default: all not yet refunded or asked).
     * `within` runs in the transaction that reserves (or records) it.
     */
    async refund(orderNo: string, amount?: number, within?: RefundWithin): Promise<RefundResult> {
      const received = await createPaymentsRepo(d.db).receivedPayment(orderNo);
      const gateway = received && d.gateways.get(received.provider);
      if (!received || !gateway?.refund) {
        const recordedWithin =
          within &&
          ((tx: Tx, before: OrderRow, after: OrderRow) =>
            within(tx, { before, after, request: null, repeated: false }));
        return { kind: 'recorded', order: await d.refunds.refund(orderNo, amount, recordedWithin) };
      }
      const { request, order, repeated } = await reserve(orderNo, gateway, received.tradeNo, amount, within);
      await d.audit.record({
        event: 'order.refundRequested',
        userId: order.userId,
        detail: { orderNo, provider: gateway.name, refundNo: request.refundNo, amount: request.amount, repeated },
      });
      const answer = await ask(gateway, request, order.payAmount);
      const now = (await d.orders.find(orderNo))?.order ?? order;
      const base = { order: now, provider: gateway.name, refundNo: request.refundNo, amount: request.amount };
      if (answer.state === 'succeeded') return { kind: 'refunded', ...base };
      if (answer.state === 'failed') {
        throw new AppError(Code.refundRefused, undefined, { reason: `${gateway.name} ${answer.reason}` });
      }
      return { kind: 'requested', ...base, refundId: answer.state === 'pending' ? answer.refundId : '' };
    },

    /**
     * Open requests asked before `before`: the gateway is queried (a lost answer, a missed
     * notification) and its answer applied; one it never received is asked again under its number.
     */
    async reconcile(before: Date, limit: number): Promise<Partial<Record<ApplyOutcome | 'pending' | 'error', number>>> {
      const outcomes: Partial<Record<ApplyOutcome | 'pending' | 'error', number>> = {};
      for (const request of await createRefundRequestsRepo(d.db).openBefore(before, limit)) {
        const gateway = d.gateways.get(request.provider);
        if (!gateway?.queryRefund) continue;
        let outcome: ApplyOutcome | 'pending' | 'error';
        try {
          const total = (await d.orders.find(request.orderNo))?.order.payAmount ?? 0;
          let answer = await gateway.queryRefund(gatewayRequest(request, total));
          if (answer.state === 'unknown') answer = await ask(gateway, request, total);
          else await applyRefundAnswer(d, gateway, { refundNo: request.refundNo, answer, via: 'query' }, d.now());
          outcome = answer.state === 'succeeded' ? 'refunded' : answer.state === 'failed' ? 'refundFailed' : 'pending';
        } catch (e) {
          d.log.warn({ err: e, refundNo: request.refundNo }, 'refund reconciliation failed');
          outcome = e instanceof AppError && REFUND_REFUSALS.includes(e.code) ? 'refundFailed' : 'error';
        }
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
      return outcomes;
    },
  };
}
export type GatewayRefunds = ReturnType<typeof createGatewayRefunds>;
