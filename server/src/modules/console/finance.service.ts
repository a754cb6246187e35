/**
 * What finance does from the console (docs/operations.md#orders, #invoices-china): find orders
 * and read their payment events, refund through the gateway that took the payment (the admin
 * command line's machinery: payments.service.ts `refund`), work the refund-due queue, reconcile
 * one order, and work the queue of invoice applications (issue through the provider, upload the
 * file from the tax system, refuse, void). Each change writes its staff audit row in the
 * transaction of the change, through the owners' services (their `within` hooks).
 */
import { Code } from '@ac/protocol/codes';
import type {
  TConsoleInvoice,
  TConsoleOrder,
  TConsoleOrderDetail,
  TOrderFilter,
} from '@ac/protocol/console/finance-shapes';
import type { TCurrency, TOrderStatus, TOrderType, TPaymentProvider } from '@ac/protocol/enums';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { iso } from '../../lib/time.ts';
import type { InvoiceRow } from '../invoice/invoice.repo.ts';
import type { InvoiceService } from '../invoice/invoice.service.ts';
import { PENDING_STATUSES, type TStoredInvoiceStatus } from '../invoice/invoice-state.ts';
import type { OrderRow } from '../orders/orders.repo.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { AWAITING_PAYMENT, type PaymentsService } from '../payments/payments.service.ts';
import type { StaffActor, StaffAuditService } from '../staff-audit/staff-audit.service.ts';
import type { UserService } from '../user/user.service.ts';

type Deps = {
  db: Db;
  orders: Pick<OrdersService, 'find' | 'refundDue'>;
  payments: Pick<
    PaymentsService,
    'searchOrders' | 'record' | 'refund' | 'secondPayments' | 'openRefunds' | 'reconcileOrder'
  >;
  /** Absent outside the China build: the invoice calls answer 2100001. */
  invoices: Pick<
    InvoiceService,
    'providerName' | 'queue' | 'find' | 'issueNow' | 'uploadIssued' | 'markFailed' | 'void'
  > | null;
  users: Pick<UserService, 'findLive' | 'findByAccount'>;
  staffAudit: Pick<StaffAuditService, 'record'>;
  now?: () => Date;
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const time = (v?: string) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v) : undefined);

function orderOf(
  o: OrderRow,
  extra: { goodsName: string; userEmail: string | null; userMobile: string | null; provider: TPaymentProvider | null },
): TConsoleOrder {
  return {
    orderNo: o.orderNo,
    userId: o.userId,
    userEmail: extra.userEmail,
    userMobile: extra.userMobile,
    goodsCode: o.goodsCode,
    goodsName: extra.goodsName,
    orderType: o.orderType as TOrderType,
    channel: o.channel,
    status: o.status as TOrderStatus,
    currency: o.currency,
    orderAmount: o.orderAmount,
    discountAmount: o.discountAmount,
    payAmount: o.payAmount,
    refundAmount: o.refundAmount,
    payMethod: o.payMethod,
    provider: extra.provider,
    createdAt: iso(o.createdAt)!,
    payTime: iso(o.payTime),
  };
}

/** The order's state as an audit row keeps it. */
const orderState = (o: OrderRow) => ({ status: o.status, payAmount: o.payAmount, refundAmount: o.refundAmount });

function invoiceOf(r: InvoiceRow, extra: { orderCount: number; hasFile: boolean }): TConsoleInvoice {
  return {
    invoiceNo: r.invoiceNo,
    userId: r.userId,
    email: r.email,
    type: r.type,
    titleKind: r.titleKind,
    titleName: r.titleName,
    taxNo: r.taxNo,
    currency: r.currency,
    amount: r.amount,
    status: r.status,
    fiscalNo: r.fiscalNo,
    failReason: r.failReason,
    reissueOf: r.reissueOf,
    submitted: Boolean(r.providerRef),
    hasFile: extra.hasFile,
    appliedAt: iso(r.appliedAt)!,
    issuedAt: iso(r.issuedAt),
    orderCount: extra.orderCount,
  };
}

/** The invoice's state as an audit row keeps it. */
const invoiceState = (r: InvoiceRow) => ({ status: r.status, fiscalNo: r.fiscalNo, failReason: r.failReason });

export function createFinanceConsole(d: Deps) {
  const now = d.now ?? (() => new Date());

  /** The member a filter names: an account id, an email or a mobile in any spelling; null when none is found. */
  async function memberId(text: string): Promise<string | null> {
    if (UUID_RE.test(text)) return (await d.users.findLive(text.toLowerCase()))?.id ?? null;
    return (await d.users.findByAccount(text))?.id ?? null;
  }

  function invoicing() {
    if (!d.invoices) throw new AppError(Code.invoiceNotFound, 'invoices are issued by the China build');
    return d.invoices;
  }

  async function invoiceAnswer(invoiceNo: string) {
    const { row, lines, hasFile } = await invoicing().find(invoiceNo);
    return { invoice: invoiceOf(row, { orderCount: lines.length, hasFile }) };
  }

  return {
    async searchOrders(f: TOrderFilter & { pageNo: number; pageSize: number }) {
      const page = { pageNo: f.pageNo, pageSize: f.pageSize };
      const empty = { rows: [], total: 0, ...page };
      let userId: string | undefined;
      if (f.user) {
        const found = await memberId(f.user);
        if (!found) return empty;
        userId = found;
      }
      const { rows, total } = await d.payments.searchOrders(
        {
          status: f.status,
          payMethod: f.payMethod,
          provider: f.provider,
          currency: f.currency,
          orderType: f.orderType,
          from: time(f.from),
          to: time(f.to),
          amountMin: f.amountMin,
          amountMax: f.amountMax,
          userId,
          orderNo: f.orderNo,
        },
        { offset: (f.pageNo - 1) * f.pageSize, limit: f.pageSize },
      );
      return { rows: rows.map((r) => orderOf(r.order, r)), total, ...page };
    },

    async orderDetail(orderNo: string): Promise<TConsoleOrderDetail> {
      const found = await d.orders.find(orderNo);
      if (!found) throw new AppError(Code.orderNotFound);
      const o = found.order;
      const [record, user] = await Promise.all([
        d.payments.record(orderNo),
        o.userId ? d.users.findLive(o.userId) : Promise.resolve(null),
      ]);
      const open = record.refunds.filter((r) => r.state === 'open').reduce((n, r) => n + r.amount, 0);
      return {
        order: {
          ...orderOf(o, {
            goodsName: found.goodsName,
            userEmail: user?.email ?? null,
            userMobile: user?.mobile ?? null,
            provider: record.provider,
          }),
          couponCode: o.couponCode,
          startDate: iso(o.startDate),
          endDate: iso(o.endDate),
          updatedAt: iso(o.updatedAt)!,
        },
        attempts: record.attempts.map((a) => ({
          provider: a.provider,
          payMethod: a.payMethod,
          amount: a.amount,
          currency: a.currency,
          gatewayRef: a.gatewayRef,
          createdAt: iso(a.createdAt)!,
        })),
        events: record.events.map((e) => ({
          id: e.id,
          provider: e.provider,
          via: e.via,
          tradeNo: e.tradeNo,
          paid: e.paid,
          amount: e.amount,
          currency: e.currency,
          outcome: e.outcome,
          receivedAt: iso(e.receivedAt)!,
        })),
        refunds: record.refunds.map((r) => ({
          refundNo: r.refundNo,
          provider: r.provider,
          tradeNo: r.tradeNo,
          amount: r.amount,
          currency: r.currency,
          state: r.state,
          gatewayRefundId: r.gatewayRefundId,
          failure: r.failure,
          createdAt: iso(r.createdAt)!,
          settledAt: iso(r.settledAt),
        })),
        refundable: Math.max(0, o.payAmount - o.refundAmount - open),
        refundThrough: record.refundThrough,
        awaitingPayment: AWAITING_PAYMENT.includes(o.status as TOrderStatus),
      };
    },

    /**
     * A refund through the gateway that took the payment, or recorded for one without a refund
     * API (the sandbox) — the admin command's path. The audit row is written in the transaction
     * that reserves (or records) it: two staff refunding at once meet on the order's row lock,
     * and the second finds nothing left (2000010) or the same open request (recorded as repeated).
     */
    async refund(actor: StaffActor, p: { orderNo: string; amount?: number; reason: string }) {
      let recorded = 0;
      const done = await d.payments.refund(p.orderNo, p.amount, async (tx, change) => {
        if (change.after) recorded = change.after.refundAmount - change.before.refundAmount;
        await d.staffAudit.record(
          actor,
          {
            action: 'order.refund',
            targetType: 'order',
            targetId: p.orderNo,
            reason: p.reason,
            before: orderState(change.before),
            after: change.request
              ? {
                  refundNo: change.request.refundNo,
                  provider: change.request.provider,
                  amount: change.request.amount,
                  state: 'asked',
                  repeated: change.repeated,
                }
              : { ...orderState(change.after!), amount: change.after!.refundAmount - change.before.refundAmount },
          },
          tx,
        );
      });
      const o = done.order;
      const base = { status: o.status as TOrderStatus, refundAmount: o.refundAmount };
      if (done.kind === 'recorded') {
        return { kind: done.kind, refundNo: null, provider: null, amount: recorded, ...base };
      }
      return { kind: done.kind, refundNo: done.refundNo, provider: done.provider, amount: done.amount, ...base };
    },

    /** The refund-due queue: paid after cancelling, paid twice, refunds still open at their gateway. */
    async refundDue() {
      const [cancelled, twice, open] = await Promise.all([
        d.orders.refundDue(),
        d.payments.secondPayments(),
        d.payments.openRefunds(),
      ]);
      return {
        rows: [
          ...cancelled.map((o) => ({
            orderNo: o.orderNo,
            kind: 'paidAfterCancel' as const,
            provider: null,
            tradeNo: null,
            amount: o.payAmount - o.refundAmount,
            currency: o.currency,
            at: iso(o.payTime),
          })),
          ...twice.map((p) => ({
            orderNo: p.orderNo,
            kind: 'paidTwice' as const,
            provider: p.provider,
            tradeNo: p.tradeNo,
            amount: p.amount,
            currency: p.currency as TCurrency,
            at: iso(p.receivedAt),
          })),
          ...open.map((r) => ({
            orderNo: r.orderNo,
            kind: 'refundOpen' as const,
            provider: r.provider,
            tradeNo: r.tradeNo,
            amount: r.amount,
            currency: r.currency,
            at: iso(r.createdAt),
          })),
        ],
      };
    },

    /**
     * Reconciliation of one order: its gateway is asked and the answer applied by the payments
     * module (in its own transaction, as the hourly reconciliation does); the audit row records
     * who asked and what came of it.
     */
    async reconcile(actor: StaffActor, orderNo: string) {
      const before = await d.orders.find(orderNo);
      const result = await d.payments.reconcileOrder(orderNo);
      await d.staffAudit.record(
        actor,
        {
          action: 'order.reconcile',
          targetType: 'order',
          targetId: orderNo,
          before: before ? { status: before.order.status } : null,
          after: { status: result.status, outcome: result.outcome },
        },
        d.db,
      );
      return { outcome: result.outcome, status: result.status as TOrderStatus };
    },

    // ---- invoices (China)
    async invoiceQueue(f: {
      status?: TStoredInvoiceStatus | 'pending';
      query?: string;
      from?: string;
      to?: string;
      pageNo: number;
      pageSize: number;
    }) {
      // the overseas build issues no invoices: its queue is empty
      if (!d.invoices) return { rows: [], total: 0, pageNo: f.pageNo, pageSize: f.pageSize, provider: 'none' };
      const inv = d.invoices;
      const statuses = f.status === 'pending' ? PENDING_STATUSES : f.status ? [f.status] : undefined;
      const userId = f.query ? ((await memberId(f.query)) ?? undefined) : undefined;
      const { rows, total } = await inv.queue(
        { statuses, query: f.query, userId, from: time(f.from), to: time(f.to) },
        { offset: (f.pageNo - 1) * f.pageSize, limit: f.pageSize },
      );
      return {
        rows: rows.map((r) => invoiceOf(r.invoice, r)),
        total,
        pageNo: f.pageNo,
        pageSize: f.pageSize,
        provider: inv.providerName(),
      };
    },

    async invoiceDetail(invoiceNo: string) {
      const inv = invoicing();
      const { row, lines, hasFile } = await inv.find(invoiceNo);
      return {
        invoice: {
          ...invoiceOf(row, { orderCount: lines.length, hasFile }),
          address: row.address,
          phone: row.phone,
          bankName: row.bankName,
          bankAccount: row.bankAccount,
          redRef: row.redRef,
        },
        lines,
        provider: inv.providerName(),
      };
    },

    /** Hands a pending application to the provider now; audited with the change, or alone when nothing changed. */
    async issueInvoice(actor: StaffActor, p: { invoiceNo: string; reason: string }) {
      const entry = (before: InvoiceRow, after: InvoiceRow) => ({
        action: 'invoice.issue',
        targetType: 'invoice',
        targetId: p.invoiceNo,
        reason: p.reason,
        before: invoiceState(before),
        after: invoiceState(after),
      });
      const { row, changed } = await invoicing().issueNow(p.invoiceNo, (tx, c) =>
        d.staffAudit.record(actor, entry(c.before, c.after), tx).then(() => undefined),
      );
      // the provider is still issuing: the request is recorded, the state is unchanged
      if (!changed) await d.staffAudit.record(actor, entry(row, row), d.db);
      return invoiceAnswer(p.invoiceNo);
    },

    async uploadInvoice(
      actor: StaffActor,
      p: { invoiceNo: string; reason: string; fiscalNo: string; issuedAt?: string; contentType: string; data: string },
    ) {
      const data = Buffer.from(p.data, 'base64');
      await invoicing().uploadIssued(
        p.invoiceNo,
        { fiscalNo: p.fiscalNo, issuedAt: time(p.issuedAt) ?? now(), contentType: p.contentType, data },
        (tx, c) =>
          d.staffAudit
            .record(
              actor,
              {
                action: 'invoice.upload',
                targetType: 'invoice',
                targetId: p.invoiceNo,
                reason: p.reason,
                before: invoiceState(c.before),
                after: { ...invoiceState(c.after), contentType: p.contentType, bytes: data.length },
              },
              tx,
            )
            .then(() => undefined),
      );
      return invoiceAnswer(p.invoiceNo);
    },

    async failInvoice(actor: StaffActor, p: { invoiceNo: string; reason: string }) {
      await invoicing().markFailed(p.invoiceNo, p.reason, (tx, c) =>
        d.staffAudit
          .record(
            actor,
            {
              action: 'invoice.fail',
              targetType: 'invoice',
              targetId: p.invoiceNo,
              reason: p.reason,
              before: invoiceState(c.before),
              after: invoiceState(c.after),
            },
            tx,
          )
          .then(() => undefined),
      );
      return invoiceAnswer(p.invoiceNo);
    },

    async voidInvoice(actor: StaffActor, p: { invoiceNo: string; reason: string }) {
      await invoicing().void(p.invoiceNo, { ip: actor.ip ?? undefined }, (tx, c) =>
        d.staffAudit
          .record(
            actor,
            {
              action: 'invoice.void',
              targetType: 'invoice',
              targetId: p.invoiceNo,
              reason: p.reason,
              before: invoiceState(c.before),
              after: { ...invoiceState(c.after), redRef: c.after.redRef },
            },
            tx,
          )
          .then(() => undefined),
      );
      return invoiceAnswer(p.invoiceNo);
    },
  };
}
export type FinanceConsole = ReturnType<typeof createFinanceConsole>;
