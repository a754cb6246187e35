/**
 * Payments: start one through the gateway of the pay method, take verified
 * notifications, confirm an order with its gateway (payState and
 * reconciliation use the same path), refund through the gateway (gateway-refunds.ts).
 */

import { Code } from '@ac/protocol/codes';
import type { TOrderPayResponse, TOrderPayStateResponse } from '@ac/protocol/commerce';
import {
  OrderStatus,
  orderStatusName,
  PROVIDER_CHARGED_CHANNELS,
  type TOrderStatus,
  type TPayChannel,
  type TPayMethod,
} from '@ac/protocol/enums';
import type { AgreementEventHandler, BillingEventHandler, BillingReport } from '../../adapters/payments/billing.ts';
import type { PaymentGateways } from '../../adapters/payments/gateways.ts';
import type { Acknowledgement, IncomingNotification, PaymentLog } from '../../adapters/payments/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, MINUTE } from '../../lib/time.ts';
import { assertTransition, PAYABLE, payStateOf } from '../orders/order-state.ts';
import { dueAmount } from '../orders/order-view.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { createGatewayRefunds } from './gateway-refunds.ts';
import { countRefusedNotification } from './notify-refusals.ts';
import type { OrderRefunds } from './order-refund.ts';
import { type ApplyDeps, type ApplyOutcome, applyPaymentReport } from './payment-apply.ts';
import { createPaymentsRepo, type OrderSearch } from './payments.repo.ts';
import { applyRefundAnswer, applyRefundReport } from './refund-apply.ts';
import { createRefundRequestsRepo } from './refund-requests.repo.ts';

type Deps = ApplyDeps & {
  orders: Pick<OrdersService, 'find' | 'lock' | 'move' | 'expireServed'>;
  gateways: PaymentGateways;
  refunds: Pick<OrderRefunds, 'refund'>;
  log: PaymentLog;
  /** Applies the renewing memberships' events (the subscriptions module, built above payments and handed in). */
  billingEvents?: BillingEventHandler;
  /** Applies Alipay's agreement notifications (signed, unsigned) — the subscriptions module, handed in too. */
  agreementEvents?: AgreementEventHandler;
  now?: () => Date;
};
export type ConfirmOutcome = ApplyOutcome | 'pending' | 'unknown' | 'none';
export type ReconcileSummary = {
  checked: number;
  outcomes: Partial<Record<ConfirmOutcome | 'error', number>>;
  /** Open refund requests queried (or asked again) and what came of them. */
  refunds: Partial<Record<ApplyOutcome | 'pending' | 'error', number>>;
};

const RECONCILE_BATCH = 200;
/** The order states reconciliation asks the gateways about (with a payment started). */
export const AWAITING_PAYMENT: readonly TOrderStatus[] = [
  OrderStatus.unpaid,
  OrderStatus.unconfirmed,
  OrderStatus.payFailed,
];

export function createPaymentsService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const { orders } = d;
  const gatewayRefunds = createGatewayRefunds({ ...d, now });
  const payments = createPaymentsRepo(d.db);
  const notPayable = (status: number) =>
    new AppError(Code.orderNotPayable, undefined, { status: orderStatusName[status as TOrderStatus] });

  async function confirm(orderNo: string): Promise<ConfirmOutcome> {
    const attempt = await payments.latestAttempt(orderNo);
    const gateway = attempt && d.gateways.get(attempt.provider);
    if (!gateway) return 'none';
    const answer = await gateway.query(orderNo, attempt.gatewayRef);
    if (answer.result === 'pending' || answer.result === 'unknown') return answer.result;
    return applyPaymentReport(d, gateway, answer, 'query', now());
  }

  /**
   * Before a second checkout of an order awaiting confirmation (6): its gateway is asked about the
   * payment started before. Taken (paid at the gateway, its notification not here yet) → that
   * payment is applied and the checkout refused (2000014), so the order is not paid twice; a
   * gateway that cannot tell refuses it too. Pending or failed (the payer left the checkout) →
   * the new checkout goes ahead (docs/decisions/0037-commerce-review-findings.md).
   */
  async function assertNotPaidAtGateway(orderNo: string) {
    let outcome: ConfirmOutcome;
    try {
      outcome = await confirm(orderNo);
    } catch (e) {
      d.log.warn({ err: e, orderNo }, 'the payment started before could not be checked');
      throw new AppError(Code.orderPaymentInProgress);
    }
    if (outcome === 'granted' || outcome === 'duplicate') throw new AppError(Code.orderPaymentInProgress);
  }

  /** A renewing membership's event: of this server's mode (a test event never reaches a live server), then applied. */
  async function applyBilling(merchant: string, report: BillingReport) {
    const { event } = report;
    if ((event.livemode ? 'live' : 'test') !== merchant) {
      throw new AppError(Code.paymentMismatch, `${report.provider} ${event.type} ${event.eventId} of the other mode`);
    }
    if (!d.billingEvents) {
      d.log.warn({ provider: report.provider, type: event.type }, 'a billing event arrived and no one takes it');
      return;
    }
    await d.billingEvents(event, report.provider);
  }

  return {
    async start(
      userId: string,
      orderNo: string,
      payMethod: TPayMethod,
      channel?: TPayChannel,
    ): Promise<TOrderPayResponse> {
      const row = await orders.find(orderNo, userId);
      if (!row) throw new AppError(Code.orderNotFound);
      const o = row.order;
      // a renewing membership's or an app store's order: its provider charges and retries it
      if (PROVIDER_CHARGED_CHANNELS.includes(o.channel) || o.subscriptionId !== null) {
        throw new AppError(Code.orderChargedByProvider, orderNo);
      }
      if (!PAYABLE.includes(o.status as TOrderStatus)) throw notPayable(o.status);
      if (o.status === OrderStatus.unconfirmed) await assertNotPaidAtGateway(orderNo);
      const gateway = d.gateways.forMethod(payMethod, o.currency, channel);
      const request = {
        orderNo,
        amount: dueAmount(o),
        currency: o.currency,
        subject: row.goodsName,
        payMethod,
        goodsCode: o.goodsCode,
        userId,
      };
      const started = await gateway.start(request).catch((e: unknown) => {
        if (e instanceof AppError) throw e;
        d.log.error({ err: e, orderNo, provider: gateway.name }, 'payment could not be started');
        throw new AppError(Code.paymentProviderFailed);
      });
      await d.db.transaction(async (tx) => {
        const locked = await orders.lock(orderNo, tx);
        const from = locked?.status as TOrderStatus;
        if (!locked || !PAYABLE.includes(from)) throw notPayable(locked?.status ?? OrderStatus.cancelled);
        // the coupon changed while the gateway was asked: that payment would not match the order
        if (dueAmount(locked) !== request.amount) throw notPayable(from);
        if (from !== OrderStatus.unconfirmed) assertTransition(from, OrderStatus.unconfirmed);
        await orders.move(orderNo, from, OrderStatus.unconfirmed, { payMethod, updatedAt: now() }, tx);
        await createPaymentsRepo(tx).insertAttempt({
          orderNo,
          provider: gateway.name,
          payMethod,
          amount: request.amount,
          currency: o.currency,
          gatewayRef: started.reference ?? null,
          createdAt: now(),
        });
      });
      await d.audit.record({
        event: 'payment.started',
        userId,
        detail: { orderNo, provider: gateway.name, payMethod, ...(channel ? { channel } : {}) },
      });
      if (started.kind === 'popup') return { popup: started.popup };
      return started.kind === 'page' ? { payUrl: started.payUrl } : { qrCode: started.qrCode };
    },

    /** A gateway's notification: verified, applied, answered in the gateway's own format. */
    async notify(provider: string, n: IncomingNotification): Promise<Acknowledgement | null> {
      const gateway = d.gateways.get(provider);
      if (!gateway?.verify || !gateway.ack) return null;
      try {
        const report = await gateway.verify(n);
        if (report?.result === 'billing') await applyBilling(gateway.merchant, report);
        else if (report?.result === 'agreement') {
          if (!d.agreementEvents) throw new AppError(Code.paymentMismatch, 'an agreement notification no one takes');
          await d.agreementEvents(report.event);
        } else if (report?.result === 'refunded') await applyRefundReport(d, gateway, report, now());
        else if (report?.result === 'refundNotice') {
          const { refundNo, answer } = report;
          await applyRefundAnswer(d, gateway, { refundNo, answer, via: 'notify', notice: report }, now());
        } else if (report) await applyPaymentReport(d, gateway, report, 'notify', now());
        return gateway.ack.ok;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        countRefusedNotification(provider, e.code);
        d.log.warn({ provider, code: e.code, reason: e.message }, 'payment notification refused');
        return gateway.ack.fail;
      }
    },

    /** Refunds `amount` minor units of an order (default: the rest), through its gateway when it has a refund API. */
    refund: gatewayRefunds.refund,
    /** The console's order list (payments.repo.ts `searchOrders`). */
    searchOrders: (f: OrderSearch, page: { offset: number; limit: number }) => payments.searchOrders(f, page),
    /**
     * What the payments module knows of an order: its payments started, every notification and
     * answer kept, its refund requests, and how a refund of it would go (through its gateway, or
     * recorded when the payment's gateway has no refund API).
     */
    async record(orderNo: string) {
      const [attempts, events, refunds, received] = await Promise.all([
        payments.attemptsOf(orderNo),
        payments.notificationsOf(orderNo),
        createRefundRequestsRepo(d.db).of(orderNo),
        payments.receivedPayment(orderNo),
      ]);
      const gateway = received && d.gateways.get(received.provider);
      return {
        attempts,
        events,
        refunds,
        provider: received?.provider ?? null,
        refundThrough: gateway?.refund ? ('gateway' as const) : ('recorded' as const),
      };
    },
    /** Refund requests still open at their gateway, oldest first. */
    openRefunds: (limit = 500) => createRefundRequestsRepo(d.db).open(limit),
    /**
     * The reconciliation of one order awaiting payment (unpaid, unconfirmed or failed with a
     * payment started): its gateway is asked and the answer applied, as `reconcile` does for all;
     * 2500011 for an order in another state.
     */
    async reconcileOrder(orderNo: string): Promise<{ outcome: ConfirmOutcome; status: number }> {
      const row = await orders.find(orderNo);
      if (!row) throw new AppError(Code.orderNotFound);
      if (!AWAITING_PAYMENT.includes(row.order.status as TOrderStatus)) {
        throw new AppError(Code.consoleOrderNotAwaitingPayment);
      }
      let outcome: ConfirmOutcome;
      try {
        outcome = await confirm(orderNo);
      } catch (e) {
        if (e instanceof AppError) throw e;
        d.log.warn({ err: e, orderNo }, 'reconciliation failed for an order');
        throw new AppError(Code.paymentProviderFailed);
      }
      return { outcome, status: (await orders.find(orderNo))?.order.status ?? row.order.status };
    },
    /** Second payments of orders paid already, kept as refunds due (applyPaymentReport), oldest first. */
    secondPayments: (limit = 500) => payments.secondPayments(limit),
    /** The refunds asked of gateways for an order, oldest first. */
    refundRequests: (orderNo: string) => createRefundRequestsRepo(d.db).of(orderNo),
    /**
     * The hourly expiry of served orders (orders.service.ts `expireServed`), leaving out an order
     * whose refund is still open at its gateway: its confirmation must find the order paid to
     * record the refund, and an expired order is terminal. Refunds are asked under the order's
     * row lock (gateway-refunds.ts), the lock this check runs under.
     */
    expireServed: () => orders.expireServed((orderNo, tx) => createRefundRequestsRepo(tx).hasOpen(orderNo)),

    /** Pay state of one of my orders; one awaiting confirmation (6) is first checked with its gateway. */
    async payState(userId: string, orderNo: string): Promise<TOrderPayStateResponse> {
      const row = await orders.find(orderNo, userId);
      if (!row) throw new AppError(Code.orderNotFound);
      let status = row.order.status as TOrderStatus;
      if (status === OrderStatus.unconfirmed) {
        try {
          await confirm(orderNo);
        } catch (e) {
          d.log.warn({ err: e, orderNo }, 'payment confirmation failed');
        }
        status = ((await orders.find(orderNo, userId))?.order.status ?? status) as TOrderStatus;
      }
      return { payState: payStateOf(status), status };
    },

    /** Queries the gateways about orders still awaiting payment whose payment started > N minutes ago. */
    async reconcile(olderThanMinutes: number): Promise<ReconcileSummary> {
      const before = addMs(now(), -olderThanMinutes * MINUTE);
      const rows = await payments.ordersAwaitingPayment([...AWAITING_PAYMENT], before, RECONCILE_BATCH);
      const summary: ReconcileSummary = { checked: rows.length, outcomes: {}, refunds: {} };
      for (const { orderNo } of rows) {
        let outcome: ConfirmOutcome | 'error';
        try {
          outcome = await confirm(orderNo);
        } catch (e) {
          d.log.warn({ err: e, orderNo }, 'reconciliation failed for an order');
          outcome = 'error';
        }
        summary.outcomes[outcome] = (summary.outcomes[outcome] ?? 0) + 1;
      }
      summary.refunds = await gatewayRefunds.reconcile(before, RECONCILE_BATCH);
      return summary;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
