/**
 * Invoices (docs/decisions/0010-invoices.md): apply over paid orders, apply
 * again after a failure or voiding, read records and detail, settle
 * applications with the invoicing provider, download the PDF, void (admin).
 * An order sits on one live invoice at most: the unique partial index
 * invoice_orders_live_key refuses a second one whatever requests race.
 */
import { Code } from '@ac/protocol/codes';
import type { TCurrency, TLanguage } from '@ac/protocol/enums';
import {
  INVOICE_RULES,
  INVOICE_TYPES,
  type TInvoiceCreateRequest,
  type TInvoiceDetail,
  type TInvoiceOrderRow,
  type TInvoiceReCreateRequest,
  type TInvoiceTitleFields,
  type TInvoiceType,
  titleRuleViolation,
  ZInvoiceCreateRequest,
  ZInvoiceReCreateRequest,
} from '@ac/protocol/invoice';
import type { FastifyBaseLogger } from 'fastify';
import { formatAmount } from '../../adapters/invoicing/invoice-pdf.ts';
import type { InvoicingProvider } from '../../adapters/invoicing/provider.ts';
import type { Mailer } from '../../adapters/mail.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { mailText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { DAY } from '../../lib/time.ts';
import type { AuditService, Origin } from '../audit/audit.service.ts';
import { newOrderNo } from '../orders/order-number.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { createInvoiceRepo, type InvoiceQueueFilter, type InvoiceRow } from './invoice.repo.ts';
import {
  assertInvoiceTransition,
  INVOICEABLE_ORDER_STATUSES,
  PENDING_STATUSES,
  REAPPLICABLE_STATUSES,
  type TStoredInvoiceStatus,
} from './invoice-state.ts';
import { type InvoiceLine, toDocument, toInvoiceDetail, toInvoiceRow } from './invoice-view.ts';

/** What the invoices need of the durable job queue (modules/jobs/job-queue.ts sits above this module). */
type InvoiceJobs = {
  send(
    name: string,
    data: { invoiceNo: string },
    options: {
      retryLimit: number;
      retryDelay: number;
      retryBackoff: boolean;
      singletonKey?: string;
      singletonSeconds?: number;
    },
    tx?: Tx,
  ): Promise<string | null>;
  prepare(name: string): Promise<void>;
  wake(name: string): void;
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): void;
};

type Deps = {
  db: Db;
  orders: Pick<OrdersService, 'inStatuses' | 'findMany'>;
  audit: AuditService;
  provider: InvoicingProvider;
  currency: TCurrency;
  /** The durable jobs that follow an application to its end and keep and mail the issued copy. */
  jobs: InvoiceJobs;
  mailer: Mailer;
  /** Where the mailed copy links to (PUBLIC_URL and the base path) and its language. */
  webUrl: string;
  defaultLanguage: TLanguage;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => Date;
};

/** Asks the provider about an application until it is issued or failed (docs/decisions/0041-e-invoicing-platform.md). */
export const INVOICE_SETTLE_JOB = 'invoice.settle';
/** Fetches and keeps the issued invoice's PDF, then mails the copy. */
export const INVOICE_COPY_JOB = 'invoice.copy';
/** 5 s doubling, twelve times: an application is followed for about six hours. */
const SETTLE_RETRIES = { retryLimit: 12, retryDelay: 5, retryBackoff: true } as const;
const COPY_RETRIES = { retryLimit: 10, retryDelay: 30, retryBackoff: true } as const;

/**
 * Work done in the transaction of an operator's change of an invoice (the console's staff audit
 * row): it commits or rolls back with the change.
 */
export type InvoiceWithin = (tx: Tx, change: { before: InvoiceRow; after: InvoiceRow }) => Promise<void>;

/** An uploaded invoice file: a PDF (`%PDF-`) or an OFD (a zip: `PK\x03\x04`), at most 4 MB. */
export const INVOICE_FILE_MAX_BYTES = 4 * 1024 * 1024;
function fileLooksLike(contentType: string, data: Buffer): boolean {
  if (contentType === 'application/pdf') return data.subarray(0, 5).toString('latin1') === '%PDF-';
  if (contentType === 'application/ofd') return data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  return false;
}

/** Thrown by the settle job while the provider is still issuing: the queue asks again later. */
class StillIssuing extends Error {}

type PaidOrder = Awaited<ReturnType<OrdersService['findMany']>>[number];

const invoiceable = (o: PaidOrder['order']) => o.payAmount - o.refundAmount;

/** The name of the unique index a write broke, or undefined. */
function brokenUnique(e: unknown): string | undefined {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  if (err?.code === '23505') return err.constraint ?? '';
  if (err?.cause?.code === '23505') return err.cause.constraint ?? '';
  return undefined;
}

export function createInvoiceService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createInvoiceRepo(tx ?? d.db);

  const withinWindow = (payTime: Date | null, at: Date) =>
    payTime !== null && at.getTime() - payTime.getTime() <= INVOICE_RULES.applyWithinDays * DAY;

  /** The orders as invoice lines; any that is not a paid order of the user's with an amount answers 2100002. */
  async function linesFor(userId: string, orderNos: string[], at: Date, checkWindow: boolean): Promise<InvoiceLine[]> {
    const found = new Map((await d.orders.findMany(orderNos, userId)).map((r) => [r.order.orderNo, r]));
    return orderNos.map((orderNo) => {
      const r = found.get(orderNo);
      const ok =
        r &&
        INVOICEABLE_ORDER_STATUSES.includes(r.order.status) &&
        r.order.currency === d.currency &&
        invoiceable(r.order) > 0 &&
        (!checkWindow || withinWindow(r.order.payTime, at));
      if (!r || !ok) throw new AppError(Code.invoiceOrderNotInvoiceable, orderNo);
      return { orderNo, goodsName: r.goodsName, payTime: r.order.payTime, amount: invoiceable(r.order) };
    });
  }

  /** The lines of a stored invoice with the goods names of its orders. */
  async function storedLines(row: InvoiceRow): Promise<InvoiceLine[]> {
    const lines = await repo().listLines(row.invoiceNo);
    const orders = row.userId
      ? new Map(
          (
            await d.orders.findMany(
              lines.map((l) => l.orderNo),
              row.userId,
            )
          ).map((r) => [r.order.orderNo, r]),
        )
      : new Map<string, PaidOrder>();
    return lines.map((l) => ({
      orderNo: l.orderNo,
      goodsName: orders.get(l.orderNo)?.goodsName ?? '',
      payTime: orders.get(l.orderNo)?.order.payTime ?? null,
      amount: l.amount,
    }));
  }

  async function ownInvoice(userId: string, invoiceNo: string) {
    const row = await repo().findInvoice(invoiceNo, userId);
    if (!row) throw new AppError(Code.invoiceNotFound);
    return row;
  }

  async function detailOf(row: InvoiceRow): Promise<TInvoiceDetail> {
    return toInvoiceDetail(row, await storedLines(row), await repo().findReissueOf(row.invoiceNo));
  }

  /** A settle job for an application handed to the provider (one per invoice at a time). */
  async function follow(invoiceNo: string) {
    // the manual provider answers nothing until finance uploads the invoice
    if (d.provider.manual) return;
    try {
      await d.jobs.send(
        INVOICE_SETTLE_JOB,
        { invoiceNo },
        { ...SETTLE_RETRIES, singletonKey: invoiceNo, singletonSeconds: 5 },
      );
    } catch (e) {
      d.log?.warn({ err: e, invoiceNo }, 'invoice settle job not sent; settled when the member reads it');
    }
  }

  /** Hands an application to the provider; on failure it stays without a reference and the next settle retries. */
  async function submit(row: InvoiceRow, lines: InvoiceLine[]): Promise<InvoiceRow> {
    try {
      const { ref } = await d.provider.submit(toDocument(row, lines));
      await repo().patchInvoice(row.invoiceNo, { providerRef: ref, updatedAt: now() });
      await follow(row.invoiceNo);
      return { ...row, providerRef: ref };
    } catch (e) {
      d.log?.warn({ err: e, invoiceNo: row.invoiceNo }, 'invoice submission failed; retried on the next settle');
      return row;
    }
  }

  /** Asks the provider about a pending invoice and applies its answer; answers the invoice as it now is. */
  async function settle(row: InvoiceRow, within?: InvoiceWithin): Promise<InvoiceRow> {
    const from = row.status as TStoredInvoiceStatus;
    if (!PENDING_STATUSES.includes(from)) return row;
    const current = row.providerRef ? row : await submit(row, await storedLines(row));
    if (!current.providerRef) return current;
    let outcome: Awaited<ReturnType<InvoicingProvider['check']>>;
    try {
      outcome = await d.provider.check(current.providerRef);
    } catch (e) {
      d.log?.warn({ err: e, invoiceNo: row.invoiceNo }, 'invoice status check failed');
      return current;
    }
    if (outcome.state === 'pending') return current;
    const at = now();
    const to = outcome.state === 'issued' ? 'invoiced' : 'failed';
    assertInvoiceTransition(from, to);
    if (to === 'invoiced') await d.jobs.prepare(INVOICE_COPY_JOB);
    const moved = await d.db.transaction(async (tx) => {
      const patch =
        outcome.state === 'issued'
          ? { fiscalNo: outcome.fiscalNo, issuedAt: outcome.issuedAt, updatedAt: at }
          : { failReason: outcome.reason, updatedAt: at };
      const r = await repo(tx).moveStatus(row.invoiceNo, from, to, patch);
      if (!r) return null;
      if (to === 'failed') await repo(tx).releaseOrders(row.invoiceNo);
      // only the settle that moved it: a second answer (a duplicate check) finds it moved already
      if (to === 'invoiced') await d.jobs.send(INVOICE_COPY_JOB, { invoiceNo: row.invoiceNo }, COPY_RETRIES, tx);
      await d.audit.record(
        { event: `invoice.${to}`, userId: row.userId, detail: { invoiceNo: row.invoiceNo, provider: d.provider.name } },
        tx,
      );
      await within?.(tx, { before: row, after: r });
      return r;
    });
    if (moved && to === 'invoiced') d.jobs.wake(INVOICE_COPY_JOB);
    return moved ?? (await repo().findInvoice(row.invoiceNo)) ?? current;
  }

  /** The issued invoice's PDF: kept after the first time it is fetched from the provider. */
  async function keptPdf(row: InvoiceRow): Promise<{ data: Buffer; contentType: string }> {
    const kept = await repo().findFile(row.invoiceNo);
    if (kept) return { data: kept.bytes, contentType: kept.contentType };
    const doc = toDocument(row, await storedLines(row));
    const data = await d.provider.pdf(row.providerRef!, doc, { fiscalNo: row.fiscalNo!, issuedAt: row.issuedAt! });
    await repo().keepFile(row.invoiceNo, 'application/pdf', data);
    return { data, contentType: 'application/pdf' };
  }

  /** The copy job: keeps the PDF, then mails the copy once (marked in the mail's transaction). */
  async function keepAndMail(invoiceNo: string) {
    const row = await repo().findInvoice(invoiceNo);
    if (row?.status !== 'invoiced' || !row.providerRef || !row.fiscalNo || !row.issuedAt) return;
    await keptPdf(row);
    if (row.mailedAt) return;
    const text = mailText(d.defaultLanguage, 'invoiceIssued', {
      invoiceNo: row.invoiceNo,
      fiscalNo: row.fiscalNo,
      amount: formatAmount(row.amount, row.currency),
      title: row.titleName,
      link: `${d.webUrl}/invoice/detail?no=${encodeURIComponent(row.invoiceNo)}`,
    });
    await d.db.transaction(async (tx) => {
      if (!(await repo(tx).markMailed(invoiceNo, now()))) return;
      await d.mailer.send({ to: row.email, ...text }, tx);
    });
  }

  d.jobs.work<{ invoiceNo: string }>(INVOICE_SETTLE_JOB, async ({ invoiceNo }) => {
    const row = await repo().findInvoice(invoiceNo);
    if (!row) return;
    const settled = await settle(row);
    if (PENDING_STATUSES.includes(settled.status as TStoredInvoiceStatus)) {
      throw new StillIssuing(`invoice ${invoiceNo} is still being issued`);
    }
  });
  d.jobs.work<{ invoiceNo: string }>(INVOICE_COPY_JOB, ({ invoiceNo }) => keepAndMail(invoiceNo));

  /** Writes a new application and its live order lines in one transaction; a clash answers its catalogue code. */
  async function apply(
    userId: string,
    req: { type: TInvoiceType; title: TInvoiceTitleFields; email: string },
    lines: InvoiceLine[],
    extra: { status: 'invoicing' | 'reissuing'; reissueOf: string | null },
    origin: Origin,
  ) {
    const at = now();
    const { type, title, email } = req;
    const amount = lines.reduce((sum, l) => sum + l.amount, 0);
    const t = title;
    try {
      return await d.db.transaction(async (tx) => {
        const row = await repo(tx).insertInvoice(
          {
            invoiceNo: newOrderNo(at, 'IV'),
            userId,
            type,
            titleKind: t.kind,
            titleName: t.name,
            taxNo: t.kind === 'company' ? t.taxNo : '',
            address: t.address,
            phone: t.phone,
            bankName: t.bankName,
            bankAccount: t.bankAccount,
            email,
            currency: d.currency,
            amount,
            status: extra.status,
            reissueOf: extra.reissueOf,
            appliedAt: at,
            updatedAt: at,
          },
          lines.map((l) => ({ orderNo: l.orderNo, amount: l.amount })),
        );
        await d.audit.record(
          {
            event: extra.reissueOf ? 'invoice.reapplied' : 'invoice.applied',
            userId,
            ...origin,
            detail: { invoiceNo: row.invoiceNo, orders: lines.length, amount, reissueOf: extra.reissueOf },
          },
          tx,
        );
        return row;
      });
    } catch (e) {
      const index = brokenUnique(e);
      if (index === 'invoices_reissue_key') throw new AppError(Code.invoiceCannotReapply);
      if (index !== undefined) throw new AppError(Code.invoiceOrderTaken);
      throw e;
    }
  }

  function checkTitle(req: { type: TInvoiceType; title: TInvoiceTitleFields }) {
    const code = titleRuleViolation(req.title, req.type);
    if (code) throw new AppError(code);
  }

  async function settlePending(userId: string) {
    for (const row of await repo().listPending(userId, PENDING_STATUSES)) await settle(row);
  }

  return {
    notice: () => ({ ...INVOICE_RULES, types: [...INVOICE_TYPES] }),

    /** My paid orders with an amount: those on a live invoice, and those still within the apply window. */
    async orders(userId: string, p: { pageNo: number; pageSize: number }) {
      await settlePending(userId);
      const at = now();
      const paid = (await d.orders.inStatuses(userId, [...INVOICEABLE_ORDER_STATUSES])).filter(
        (r) => r.order.currency === d.currency && invoiceable(r.order) > 0,
      );
      const live = new Map((await repo().liveInvoicesOf(paid.map((r) => r.order.orderNo))).map((l) => [l.orderNo, l]));
      const rows: TInvoiceOrderRow[] = paid
        .filter((r) => live.has(r.order.orderNo) || withinWindow(r.order.payTime, at))
        .map(({ order, goodsName }) => {
          const on = live.get(order.orderNo);
          return {
            orderNo: order.orderNo,
            goodsName,
            payTime: order.payTime?.toISOString() ?? null,
            status: order.status as TInvoiceOrderRow['status'],
            amount: { amount: invoiceable(order), currency: order.currency },
            invoiceStatus: on?.status ?? 'notInvoiced',
            invoiceNo: on?.invoiceNo ?? null,
          };
        });
      const start = (p.pageNo - 1) * p.pageSize;
      return {
        rows: rows.slice(start, start + p.pageSize),
        total: rows.length,
        pageNo: p.pageNo,
        pageSize: p.pageSize,
      };
    },

    async create(userId: string, input: TInvoiceCreateRequest, origin: Origin): Promise<TInvoiceDetail> {
      const req = ZInvoiceCreateRequest.parse(input);
      checkTitle(req);
      const lines = await linesFor(userId, [...new Set(req.orderNos)], now(), true);
      const row = await apply(userId, req, lines, { status: 'invoicing', reissueOf: null }, origin);
      return detailOf(await settle(await submit(row, lines)));
    },

    async reCreate(userId: string, input: TInvoiceReCreateRequest, origin: Origin): Promise<TInvoiceDetail> {
      const req = ZInvoiceReCreateRequest.parse(input);
      const old = await ownInvoice(userId, req.invoiceNo);
      if (!REAPPLICABLE_STATUSES.includes(old.status as TStoredInvoiceStatus)) {
        throw new AppError(Code.invoiceCannotReapply);
      }
      if (await repo().findReissueOf(old.invoiceNo)) throw new AppError(Code.invoiceCannotReapply);
      checkTitle(req);
      const orderNos = (await repo().listLines(old.invoiceNo)).map((l) => l.orderNo);
      const lines = await linesFor(userId, orderNos, now(), false);
      const row = await apply(userId, req, lines, { status: 'reissuing', reissueOf: old.invoiceNo }, origin);
      return detailOf(await settle(await submit(row, lines)));
    },

    async records(
      userId: string,
      p: { pageNo: number; pageSize: number; status?: TStoredInvoiceStatus | 'notInvoiced' },
    ) {
      await settlePending(userId);
      if (p.status === 'notInvoiced') return { rows: [], total: 0, pageNo: p.pageNo, pageSize: p.pageSize };
      const { rows, total } = await repo().listInvoices(userId, {
        status: p.status,
        offset: (p.pageNo - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return {
        rows: rows.map((r) => toInvoiceRow(r.invoice, r.orderCount, r.reissuedBy)),
        total,
        pageNo: p.pageNo,
        pageSize: p.pageSize,
      };
    },

    async detail(userId: string, invoiceNo: string): Promise<TInvoiceDetail> {
      return detailOf(await settle(await ownInvoice(userId, invoiceNo)));
    },

    /** The issued invoice's file (a PDF; an OFD uploaded by finance); 2100009 until it is issued. */
    async pdf(userId: string, invoiceNo: string): Promise<{ invoiceNo: string; data: Buffer; contentType: string }> {
      const row = await settle(await ownInvoice(userId, invoiceNo));
      if (row.status !== 'invoiced' || !row.providerRef || !row.fiscalNo || !row.issuedAt) {
        throw new AppError(Code.invoicePdfNotReady);
      }
      try {
        return { invoiceNo: row.invoiceNo, ...(await keptPdf(row)) };
      } catch (e) {
        d.log?.warn({ err: e, invoiceNo }, 'invoice PDF not fetched from the provider');
        throw new AppError(Code.invoicePdfNotReady);
      }
    },

    /**
     * Admin: voids an issued invoice by its red-letter reversal at the provider (2100011 with
     * the provider's words when it refuses); its orders are free to be invoiced again.
     */
    async void(invoiceNo: string, origin: Origin = {}, within?: InvoiceWithin): Promise<InvoiceRow> {
      const row = await repo().findInvoice(invoiceNo);
      if (!row) throw new AppError(Code.invoiceNotFound);
      const from = row.status as TStoredInvoiceStatus;
      assertInvoiceTransition(from, 'voided');
      let red: { ref: string } | null = null;
      if (row.providerRef && row.fiscalNo && row.issuedAt) {
        const doc = toDocument(row, await storedLines(row));
        try {
          red = await d.provider.reverse(row.providerRef, doc, { fiscalNo: row.fiscalNo, issuedAt: row.issuedAt });
        } catch (e) {
          throw new AppError(Code.invoiceReversalRefused, (e as Error).message);
        }
      }
      const moved = await d.db.transaction(async (tx) => {
        const r = await repo(tx).moveStatus(invoiceNo, from, 'voided', { updatedAt: now(), redRef: red?.ref ?? null });
        if (!r) return null;
        await repo(tx).releaseOrders(invoiceNo);
        await d.audit.record(
          { event: 'invoice.voided', userId: row.userId, ...origin, detail: { invoiceNo, redRef: red?.ref ?? null } },
          tx,
        );
        await within?.(tx, { before: row, after: r });
        return r;
      });
      if (!moved) throw new AppError(Code.invoiceTransitionRefused, undefined, { from, to: 'voided' });
      return moved;
    },

    /** The configured provider's name (sandbox, nuonuo, manual). */
    providerName: () => d.provider.name,

    /** The console's view of every member's applications (invoice.repo.ts `queue`). */
    async queue(f: InvoiceQueueFilter, page: { offset: number; limit: number }) {
      return repo().queue(f, page);
    },

    /** One application for the console: the row, its lines and whether its file is kept. */
    async find(invoiceNo: string) {
      const row = await repo().findInvoice(invoiceNo);
      if (!row) throw new AppError(Code.invoiceNotFound);
      const [lines, hasFile] = await Promise.all([repo().listLines(invoiceNo), repo().hasFile(invoiceNo)]);
      return { row, lines: lines.map((l) => ({ orderNo: l.orderNo, amount: l.amount })), hasFile };
    },

    /**
     * An operator hands a pending application to the provider now (again, when its submission
     * failed) and applies the answer; `within` runs in the transaction of the change, if any.
     * Answers the invoice as it now is, and whether it changed.
     */
    async issueNow(invoiceNo: string, within?: InvoiceWithin): Promise<{ row: InvoiceRow; changed: boolean }> {
      const row = await repo().findInvoice(invoiceNo);
      if (!row) throw new AppError(Code.invoiceNotFound);
      if (!PENDING_STATUSES.includes(row.status as TStoredInvoiceStatus))
        throw new AppError(Code.consoleInvoiceNotPending);
      if (d.provider.manual) throw new AppError(Code.consoleInvoiceNotManual, 'the manual provider: upload the file');
      const after = await settle(row, within);
      return { row: after, changed: after.status !== row.status };
    },

    /**
     * The manual provider: finance uploads the invoice issued in their tax system (a PDF or OFD
     * file and its number). The application becomes issued, the file is kept for the member's
     * download and the copy mailed, in one transaction with `within`.
     */
    async uploadIssued(
      invoiceNo: string,
      file: { fiscalNo: string; issuedAt: Date; contentType: string; data: Buffer },
      within?: InvoiceWithin,
    ): Promise<InvoiceRow> {
      if (!d.provider.manual) throw new AppError(Code.consoleInvoiceNotManual);
      if (file.data.length > INVOICE_FILE_MAX_BYTES || !fileLooksLike(file.contentType, file.data)) {
        throw new AppError(Code.consoleInvoiceFileInvalid);
      }
      const row = await repo().findInvoice(invoiceNo);
      if (!row) throw new AppError(Code.invoiceNotFound);
      const from = row.status as TStoredInvoiceStatus;
      if (!PENDING_STATUSES.includes(from)) throw new AppError(Code.consoleInvoiceNotPending);
      assertInvoiceTransition(from, 'invoiced');
      await d.jobs.prepare(INVOICE_COPY_JOB);
      const at = now();
      const moved = await d.db.transaction(async (tx) => {
        const r = await repo(tx).moveStatus(invoiceNo, from, 'invoiced', {
          providerRef: row.providerRef ?? `manual.${invoiceNo}`,
          fiscalNo: file.fiscalNo,
          issuedAt: file.issuedAt,
          updatedAt: at,
        });
        if (!r) return null;
        await repo(tx).keepFile(invoiceNo, file.contentType, file.data);
        await d.jobs.send(INVOICE_COPY_JOB, { invoiceNo }, COPY_RETRIES, tx);
        await d.audit.record(
          { event: 'invoice.invoiced', userId: row.userId, detail: { invoiceNo, provider: d.provider.name } },
          tx,
        );
        await within?.(tx, { before: row, after: r });
        return r;
      });
      if (!moved) throw new AppError(Code.consoleInvoiceNotPending);
      d.jobs.wake(INVOICE_COPY_JOB);
      return moved;
    },

    /**
     * An operator refuses a pending application with the reason the member reads; its orders are
     * free again and the member can apply again (`reCreate`).
     */
    async markFailed(invoiceNo: string, reason: string, within?: InvoiceWithin): Promise<InvoiceRow> {
      const row = await repo().findInvoice(invoiceNo);
      if (!row) throw new AppError(Code.invoiceNotFound);
      const from = row.status as TStoredInvoiceStatus;
      if (!PENDING_STATUSES.includes(from)) throw new AppError(Code.consoleInvoiceNotPending);
      const moved = await d.db.transaction(async (tx) => {
        const r = await repo(tx).moveStatus(invoiceNo, from, 'failed', { failReason: reason, updatedAt: now() });
        if (!r) return null;
        await repo(tx).releaseOrders(invoiceNo);
        await d.audit.record(
          { event: 'invoice.failed', userId: row.userId, detail: { invoiceNo, provider: 'operator' } },
          tx,
        );
        await within?.(tx, { before: row, after: r });
        return r;
      });
      if (!moved) throw new AppError(Code.consoleInvoiceNotPending);
      return moved;
    },

    /** Account deletion: the saved titles go; invoices stay (tax records) without the person. */
    async forgetUser(userId: string, tx: DbOrTx): Promise<void> {
      await repo(tx).deleteTitles(userId);
      await repo(tx).detachInvoices(userId);
    },

    /** Settles every pending invoice of a user (what records and orders do first). */
    settlePending,
    /** The copy job's work, for the admin command line and tests. */
    keepAndMail,
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
