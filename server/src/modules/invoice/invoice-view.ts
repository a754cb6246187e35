/** Rows as the invoice calls answer them. */
import type { TInvoiceDetail, TInvoiceRow, TInvoiceTitle } from '@ac/protocol/invoice';
import type { InvoiceDocument } from '../../adapters/invoicing/provider.ts';
import type { InvoiceRow, InvoiceTitleRow } from './invoice.repo.ts';

export function toTitle(r: InvoiceTitleRow): TInvoiceTitle {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    taxNo: r.taxNo,
    address: r.address,
    phone: r.phone,
    bankName: r.bankName,
    bankAccount: r.bankAccount,
    isDefault: r.isDefault,
  };
}

export function titleOf(r: InvoiceRow) {
  return {
    kind: r.titleKind,
    name: r.titleName,
    taxNo: r.taxNo,
    address: r.address,
    phone: r.phone,
    bankName: r.bankName,
    bankAccount: r.bankAccount,
  };
}

export function toInvoiceRow(r: InvoiceRow, orderCount: number, reissuedBy: string | null): TInvoiceRow {
  return {
    invoiceNo: r.invoiceNo,
    type: r.type,
    titleKind: r.titleKind,
    titleName: r.titleName,
    amount: { amount: r.amount, currency: r.currency },
    status: r.status,
    appliedAt: r.appliedAt.toISOString(),
    issuedAt: r.issuedAt?.toISOString() ?? null,
    orderCount,
    reissuedBy,
  };
}

export type InvoiceLine = { orderNo: string; goodsName: string; payTime: Date | null; amount: number };

export function toInvoiceDetail(r: InvoiceRow, lines: InvoiceLine[], reissuedBy: string | null): TInvoiceDetail {
  return {
    ...toInvoiceRow(r, lines.length, reissuedBy),
    title: titleOf(r),
    email: r.email,
    fiscalNo: r.fiscalNo,
    failReason: r.failReason,
    reissueOf: r.reissueOf,
    pdfReady: r.status === 'invoiced',
    orders: lines.map((l) => ({
      orderNo: l.orderNo,
      goodsName: l.goodsName,
      payTime: l.payTime?.toISOString() ?? null,
      amount: { amount: l.amount, currency: r.currency },
    })),
  };
}

export function toDocument(r: InvoiceRow, lines: InvoiceLine[]): InvoiceDocument {
  return {
    invoiceNo: r.invoiceNo,
    type: r.type,
    title: titleOf(r),
    email: r.email,
    currency: r.currency,
    amount: r.amount,
    appliedAt: r.appliedAt,
    lines: lines.map(({ orderNo, goodsName, amount }) => ({ orderNo, goodsName, amount })),
  };
}
