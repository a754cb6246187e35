/**
 * Receipts of the overseas build (docs/decisions/0055-receipts.md): the member's billing details;
 * a receipt issued in the transaction that marks an order paid, and a credit note in the one that
 * records a refund, each numbered gap-free in its series and mailed (a link to the order) through
 * the outbox in that same transaction; the PDF drawn from the stored row, for its owner only.
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage, TRegion } from '@ac/protocol/enums';
import {
  billingRuleViolation,
  type TBillingAnswer,
  type TBillingDetails,
  type TBillingDetailsInput,
  type TOrderReceipts,
  ZBillingDetails,
} from '@ac/protocol/receipts';
import type { Mailer } from '../../adapters/mail.ts';
import type { ReceiptSeller } from '../../config/receipts.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { mailText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService, Origin } from '../audit/audit.service.ts';
import type { OrderRow } from '../orders/orders.repo.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { UserService } from '../user/user.service.ts';
import { formatMoney, renderReceiptPdf } from './receipt-pdf.ts';
import { type BillingRow, createReceiptsRepo, type ReceiptRow } from './receipts.repo.ts';

type Deps = {
  db: Db;
  region: TRegion;
  seller: ReceiptSeller;
  audit: AuditService;
  users: Pick<UserService, 'findLive'>;
  products: Pick<ProductsService, 'findGoods'>;
  mailer: Mailer;
  defaultLanguage: TLanguage;
  /** PUBLIC_URL + the base path: the mails link the order centre opened on the order (`/order?orderNo=`). */
  webUrl: string;
  now?: () => Date;
};

/** What the gateway said of the payment that paid the order. */
export type PaymentFacts = { provider: string | null; tax: number | null; at: Date };

const toBilling = (r: BillingRow): TBillingDetails => ({
  name: r.name,
  line1: r.line1,
  line2: r.line2,
  city: r.city,
  postalCode: r.postalCode,
  region: r.region,
  country: r.country,
  taxId: r.taxId,
});

export function createReceiptsService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createReceiptsRepo(tx ?? d.db);
  const series = (kind: ReceiptRow['kind']) => `${kind === 'receipt' ? 'R' : 'CN'}-${d.region.toUpperCase()}`;
  const enabled = d.region === 'us';

  async function issue(tx: Tx, row: Omit<ReceiptRow, 'number' | 'series' | 'seq'>): Promise<ReceiptRow> {
    const s = series(row.kind);
    const seq = await repo(tx).nextSeq(s);
    const saved = await repo(tx).insert({ ...row, series: s, seq, number: `${s}-${String(seq).padStart(6, '0')}` });
    await d.audit.record(
      { event: `receipt.${row.kind}`, userId: row.userId, detail: { number: saved.number, orderNo: row.orderNo } },
      tx,
    );
    if (row.buyerEmail) {
      const values = { orderNo: row.orderNo, number: saved.number, amount: formatMoney(row.amount, row.currency) };
      const link = `${d.webUrl}/order?orderNo=${encodeURIComponent(row.orderNo)}`;
      const text =
        row.kind === 'receipt'
          ? mailText(d.defaultLanguage, 'receiptIssued', { ...values, link })
          : mailText(d.defaultLanguage, 'creditNoteIssued', { ...values, receipt: row.refersTo ?? '', link });
      await d.mailer.send({ to: row.buyerEmail, ...text }, tx);
    }
    return saved;
  }

  return {
    async billing(userId: string): Promise<TBillingAnswer> {
      const row = await repo().findBilling(userId);
      return { billing: row ? toBilling(row) : null };
    },

    async setBilling(userId: string, input: TBillingDetailsInput, origin: Origin): Promise<TBillingAnswer> {
      const fields = ZBillingDetails.parse(input);
      const code = billingRuleViolation(fields);
      if (code) throw new AppError(code);
      const saved = await d.db.transaction(async (tx) => {
        const row = await repo(tx).saveBilling({ userId, ...fields, updatedAt: now() });
        await d.audit.record({ event: 'billing.saved', userId, detail: { country: fields.country }, ...origin }, tx);
        return row;
      });
      return { billing: toBilling(saved) };
    },

    /**
     * The receipt of an order that `tx` has just marked paid: the buyer's billing details as they
     * are now, the seller as configured. Overseas build only; once per order.
     */
    async issueReceipt(tx: Tx, order: OrderRow, facts: PaymentFacts): Promise<ReceiptRow | null> {
      if (!enabled || !order.userId || (await repo(tx).receiptOfOrder(order.orderNo))) return null;
      const billing = await repo(tx).findBilling(order.userId);
      const user = await d.users.findLive(order.userId, tx);
      const goods = await d.products.findGoods(order.goodsCode, tx);
      return issue(tx, {
        kind: 'receipt',
        userId: order.userId,
        orderNo: order.orderNo,
        refersTo: null,
        amount: order.payAmount,
        tax: facts.tax ?? 0,
        currency: order.currency,
        goodsName: goods?.name ?? order.goodsCode,
        quantity: order.quantity,
        payMethod: order.payMethod,
        provider: facts.provider,
        buyer: billing ? toBilling(billing) : null,
        buyerEmail: user?.email ?? null,
        seller: d.seller,
        issuedAt: facts.at,
      });
    },

    /**
     * The credit note of a refund of `amount` that `tx` has just recorded: it names the order's
     * receipt and carries the buyer and goods of that receipt, with the refunded share of its tax.
     * None for an order without a receipt (paid before receipts existed, or in China).
     */
    async issueCreditNote(tx: Tx, order: OrderRow, amount: number, at: Date): Promise<ReceiptRow | null> {
      if (!enabled) return null;
      const receipt = await repo(tx).receiptOfOrder(order.orderNo);
      if (!receipt) return null;
      const user = order.userId ? await d.users.findLive(order.userId, tx) : null;
      return issue(tx, {
        ...receipt,
        kind: 'creditNote',
        userId: order.userId,
        refersTo: receipt.number,
        amount,
        tax: receipt.amount > 0 ? Math.round((receipt.tax * amount) / receipt.amount) : 0,
        buyerEmail: user?.email ?? null,
        seller: d.seller,
        issuedAt: at,
      });
    },

    async ofOrder(userId: string, orderNo: string): Promise<TOrderReceipts> {
      const rows = await repo().ofOrder(userId, orderNo);
      return {
        rows: rows.map((r) => ({
          number: r.number,
          kind: r.kind,
          refersTo: r.refersTo,
          amount: r.amount,
          tax: r.tax,
          currency: r.currency,
          issuedAt: r.issuedAt.toISOString(),
        })),
      };
    },

    /** The PDF of one of the member's receipts or credit notes; 2600062 for any other number. */
    async pdf(userId: string, number: string): Promise<{ name: string; body: Buffer }> {
      const row = await repo().findOwn(userId, number);
      if (!row) throw new AppError(Code.receiptNotFound);
      const prefix = row.kind === 'receipt' ? 'receipt' : 'credit-note';
      return { name: `${prefix}-${row.number}.pdf`, body: await renderReceiptPdf(row) };
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
