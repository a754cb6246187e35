/**
 * The invoicing provider (docs/decisions/0010-invoices.md): where an
 * invoice application is submitted, asked for its outcome and fetched as a
 * PDF, and where an issued one is reversed. Nuonuo (nuonuo.ts) is the
 * platform; the sandbox (sandbox.ts) stands in for it outside production
 * and in tests (docs/decisions/0041-e-invoicing-platform.md); with the manual
 * provider (manual.ts) finance uploads the invoice from their tax system.
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
  /**
   * true: the manual provider (manual.ts) — finance issues in their own tax system and uploads
   * the file in the console; no job asks about a submission.
   */
  readonly manual?: boolean;
  /** Submits an application; answers the provider's reference to ask about it. */
  submit(doc: InvoiceDocument): Promise<{ ref: string }>;
  /** Where a submission stands. */
  check(ref: string): Promise<InvoiceOutcome>;
  /** The issued invoice as a PDF (the service keeps it: it is asked once per invoice). */
  pdf(ref: string, doc: InvoiceDocument, issued: IssuedInvoice): Promise<Buffer>;
  /** Reverses an issued invoice in full (red letter, 红冲); answers the provider's reference of the reversal. */
  reverse(ref: string, doc: InvoiceDocument, issued: IssuedInvoice): Promise<{ ref: string }>;
};
