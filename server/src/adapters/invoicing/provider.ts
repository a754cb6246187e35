/**
 * The invoicing provider (docs/decisions/0009-invoices.md): where an
 * invoice application is submitted, asked for its outcome and fetched as a
 * PDF. A tax-authority gateway implements the same three methods; the
 * sandbox (sandbox.ts) stands in for it outside production and in tests.
 */
import type { TInvoiceTitleFields, TInvoiceType } from '@ac/protocol/invoice';

/** What is invoiced: the copy of the title and the lines (one per order), amounts in fen. */
export type InvoiceDocument = {
  invoiceNo: string;
  type: TInvoiceType;
  title: TInvoiceTitleFields;
  email: string;
  currency: 'USD' | 'CNY';
  amount: number;
  appliedAt: Date;
  lines: { orderNo: string; goodsName: string; amount: number }[];
};

export type InvoiceOutcome =
  | { state: 'pending' }
  | { state: 'issued'; fiscalNo: string; issuedAt: Date }
  | { state: 'failed'; reason: string };

export type IssuedInvoice = { fiscalNo: string; issuedAt: Date };

export type InvoicingProvider = {
  readonly name: string;
  /** Submits an application; answers the provider's reference to ask about it. */
  submit(doc: InvoiceDocument): Promise<{ ref: string }>;
  /** Where a submission stands. */
  check(ref: string): Promise<InvoiceOutcome>;
  /** The issued invoice as a PDF. */
  pdf(ref: string, doc: InvoiceDocument, issued: IssuedInvoice): Promise<Buffer>;
};
