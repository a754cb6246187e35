/**
 * Invoices of the China build (docs/decisions/0010-invoices.md): titles,
 * invoiceable orders, invoices and their six statuses, the notice rules.
 * `titleRuleViolation` is the one rule for title fields, run by the server
 * before it writes and by the web forms before they send.
 */
import { z } from 'zod';
import { Code, type TCode } from './codes.ts';
import { ZEmail, ZEmpty, ZListRequest, ZListResponse, ZMoney, ZTime } from './common.ts';
import { ZOrderStatus } from './enum-schemas.ts';
import { INVOICE_STATUSES } from './enums.ts';

export const INVOICE_TITLE_KINDS = ['personal', 'company'] as const;
export type TInvoiceTitleKind = (typeof INVOICE_TITLE_KINDS)[number];
/** Ordinary electronic invoice, or special VAT invoice (company titles with bank details only). */
export const INVOICE_TYPES = ['ordinary', 'specialVat'] as const;
export type TInvoiceType = (typeof INVOICE_TYPES)[number];
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);

/** Rules the notice page shows and the server applies. */
export const INVOICE_RULES = {
  /** An order can be invoiced within this many days of its payment. */
  applyWithinDays: 365,
  /** Orders on one invoice at most. */
  maxOrdersPerInvoice: 50,
  /** Saved titles per account at most. */
  maxTitles: 20,
} as const;

/** A unified social credit code or taxpayer number: 15–20 letters and digits. */
export const TAX_NO_RE = /^[0-9A-Z]{15,20}$/;

const text = (max: number) => z.string().trim().max(max);

/** The title fields as sent; which are required depends on kind and type (titleRuleViolation). */
export const ZInvoiceTitleFields = z.object({
  kind: z.enum(INVOICE_TITLE_KINDS),
  name: text(100).min(1),
  taxNo: text(40)
    .transform((s) => s.toUpperCase())
    .default(''),
  address: text(200).default(''),
  phone: text(30).default(''),
  bankName: text(100).default(''),
  bankAccount: text(40).default(''),
});
export type TInvoiceTitleFields = z.infer<typeof ZInvoiceTitleFields>;

type RuleInput = Pick<TInvoiceTitleFields, 'kind' | 'taxNo' | 'address' | 'phone' | 'bankName' | 'bankAccount'>;

/**
 * The code a title breaks, or null: a company title needs a tax number of
 * 15–20 letters and digits; a special VAT invoice needs a company title
 * with address, phone, bank and account.
 */
export function titleRuleViolation(t: RuleInput, type: TInvoiceType = 'ordinary'): TCode | null {
  if (t.kind === 'company' && !TAX_NO_RE.test(t.taxNo.trim().toUpperCase())) return Code.invoiceTaxNoInvalid;
  if (type === 'specialVat') {
    const filled = [t.address, t.phone, t.bankName, t.bankAccount].every((v) => v.trim() !== '');
    if (t.kind !== 'company' || !filled) return Code.invoiceSpecialVatFields;
  }
  return null;
}

// ---- titles -----------------------------------------------------------------

export const ZInvoiceTitle = z.object({
  id: z.string(),
  kind: z.enum(INVOICE_TITLE_KINDS),
  name: z.string(),
  taxNo: z.string(),
  address: z.string(),
  phone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  isDefault: z.boolean(),
});
export type TInvoiceTitle = z.infer<typeof ZInvoiceTitle>;
export const ZInvoiceTitleList = z.object({ rows: z.array(ZInvoiceTitle) });
export type TInvoiceTitleList = z.infer<typeof ZInvoiceTitleList>;

/** Adds a title (no id) or replaces one of mine (id). */
export const ZInvoiceTitleSaveRequest = ZInvoiceTitleFields.extend({
  id: z.string().uuid().optional(),
  isDefault: z.boolean().default(false),
});
export type TInvoiceTitleSaveRequest = z.input<typeof ZInvoiceTitleSaveRequest>;
export const ZInvoiceTitleIdRequest = z.object({ id: z.string().uuid() });

// ---- invoiceable orders -----------------------------------------------------------

export const ZInvoiceOrdersRequest = ZListRequest;
/** A paid order and where it stands: notInvoiced, or the status of the live invoice it is on. */
export const ZInvoiceOrderRow = z.object({
  orderNo: z.string(),
  goodsName: z.string(),
  payTime: ZTime.nullable(),
  status: ZOrderStatus,
  /** What can be invoiced: paid less refunded. */
  amount: ZMoney,
  invoiceStatus: ZInvoiceStatus,
  invoiceNo: z.string().nullable(),
});
export type TInvoiceOrderRow = z.infer<typeof ZInvoiceOrderRow>;
export const ZInvoiceOrderList = ZListResponse(ZInvoiceOrderRow);

// ---- invoices -------------------------------------------------------------------

const ZApplication = z.object({
  type: z.enum(INVOICE_TYPES),
  title: ZInvoiceTitleFields,
  /** Where the electronic copy is sent. */
  email: ZEmail,
});

export const ZInvoiceCreateRequest = ZApplication.extend({
  orderNos: z.array(z.string().min(1).max(40)).min(1).max(INVOICE_RULES.maxOrdersPerInvoice),
});
export type TInvoiceCreateRequest = z.input<typeof ZInvoiceCreateRequest>;
/** Applies again for a failed or voided invoice, with the same orders and corrected details. */
export const ZInvoiceReCreateRequest = ZApplication.extend({ invoiceNo: z.string().min(1).max(40) });
export type TInvoiceReCreateRequest = z.input<typeof ZInvoiceReCreateRequest>;

export const ZInvoiceRow = z.object({
  invoiceNo: z.string(),
  type: z.enum(INVOICE_TYPES),
  titleKind: z.enum(INVOICE_TITLE_KINDS),
  titleName: z.string(),
  amount: ZMoney,
  status: ZInvoiceStatus,
  appliedAt: ZTime,
  issuedAt: ZTime.nullable(),
  orderCount: z.number().int(),
  /** The invoice that re-applied for this one (a failed or voided invoice re-applies once). */
  reissuedBy: z.string().nullable(),
});
export type TInvoiceRow = z.infer<typeof ZInvoiceRow>;

export const ZInvoiceRecordsRequest = ZListRequest.extend({ status: ZInvoiceStatus.optional() });
export const ZInvoiceRecordList = ZListResponse(ZInvoiceRow);

export const ZInvoiceDetailRequest = z.object({ invoiceNo: z.string().min(1).max(40) });
export const ZInvoiceDetail = ZInvoiceRow.extend({
  title: ZInvoiceTitleFields,
  email: z.string(),
  /** The provider's invoice number once issued. */
  fiscalNo: z.string().nullable(),
  failReason: z.string().nullable(),
  /** The invoice this one re-applies for. */
  reissueOf: z.string().nullable(),
  /** true once issued: the PDF can be downloaded. */
  pdfReady: z.boolean(),
  orders: z.array(z.object({ orderNo: z.string(), goodsName: z.string(), payTime: ZTime.nullable(), amount: ZMoney })),
});
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;

export const ZInvoiceNoticeRequest = ZEmpty;
export const ZInvoiceNotice = z.object({
  applyWithinDays: z.number().int(),
  maxOrdersPerInvoice: z.number().int(),
  maxTitles: z.number().int(),
  types: z.array(z.enum(INVOICE_TYPES)),
});
export type TInvoiceNotice = z.infer<typeof ZInvoiceNotice>;
