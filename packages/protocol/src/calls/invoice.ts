/** Invoices and invoice titles: China build only (docs/decisions/0009-invoices.md). */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import {
  ZInvoiceCreateRequest,
  ZInvoiceDetail,
  ZInvoiceDetailRequest,
  ZInvoiceNotice,
  ZInvoiceNoticeRequest,
  ZInvoiceOrderList,
  ZInvoiceOrdersRequest,
  ZInvoiceReCreateRequest,
  ZInvoiceRecordList,
  ZInvoiceRecordsRequest,
  ZInvoiceTitle,
  ZInvoiceTitleIdRequest,
  ZInvoiceTitleList,
  ZInvoiceTitleSaveRequest,
} from '../invoice.ts';

const cn = ['cn'] as const;
const tag = 'invoice';
const applyErrors = [Code.invoiceTaxNoInvalid, Code.invoiceSpecialVatFields, Code.invoiceOrderTaken];

export const invoice = {
  orders: defineContract({
    path: '/order/v5/invoice/orders',
    summary:
      'My paid orders with an amount, newest payment first, each with its invoice status (notInvoiced or that of its live invoice)',
    tag,
    auth: true,
    regions: cn,
    request: ZInvoiceOrdersRequest,
    response: ZInvoiceOrderList,
  }),
  create: defineContract({
    path: '/order/v5/invoice/create',
    summary:
      'Apply for one invoice over selected paid orders not on a live invoice; the amount is the sum of the orders. ' +
      'Answers the invoice in status invoicing; the provider settles it to invoiced or failed.',
    tag,
    auth: true,
    regions: cn,
    request: ZInvoiceCreateRequest,
    response: ZInvoiceDetail,
    errors: [Code.invoiceOrderNotInvoiceable, ...applyErrors, Code.tooManyRequests],
  }),
  reCreate: defineContract({
    path: '/order/v5/invoice/reCreate',
    summary:
      'Apply again for a failed or voided invoice (same orders, corrected title): a new invoice in status reissuing',
    tag,
    auth: true,
    regions: cn,
    request: ZInvoiceReCreateRequest,
    response: ZInvoiceDetail,
    errors: [Code.invoiceNotFound, Code.invoiceCannotReapply, Code.invoiceOrderNotInvoiceable, ...applyErrors],
  }),
  records: defineContract({
    path: '/order/v5/invoice/records',
    summary: 'My invoices, newest first, optionally of one status; invoices still with the provider are settled first',
    tag,
    auth: true,
    regions: cn,
    request: ZInvoiceRecordsRequest,
    response: ZInvoiceRecordList,
  }),
  detail: defineContract({
    path: '/order/v5/invoice/detail',
    summary: 'One of my invoices with its title, orders and provider outcome',
    tag,
    auth: true,
    regions: cn,
    request: ZInvoiceDetailRequest,
    response: ZInvoiceDetail,
    errors: [Code.invoiceNotFound],
  }),
  notice: defineContract({
    path: '/order/v5/invoice/notice',
    summary: 'The invoicing rules the notice page explains: days to apply, orders per invoice, titles, types',
    tag,
    auth: false,
    regions: cn,
    request: ZInvoiceNoticeRequest,
    response: ZInvoiceNotice,
  }),
  titles: defineContract({
    path: '/order/v5/invoice/title/list',
    summary: 'My invoice titles, the default first',
    tag,
    auth: true,
    regions: cn,
    request: ZEmpty,
    response: ZInvoiceTitleList,
  }),
  saveTitle: defineContract({
    path: '/order/v5/invoice/title/save',
    summary: 'Add an invoice title (no id) or replace one of mine; isDefault makes it the only default',
    tag,
    auth: true,
    regions: cn,
    request: ZInvoiceTitleSaveRequest,
    response: ZInvoiceTitle,
    errors: [Code.invoiceTitleNotFound, Code.invoiceTaxNoInvalid, Code.invoiceTitleLimit],
  }),
  deleteTitle: defineContract({
    path: '/order/v5/invoice/title/delete',
    summary: 'Delete one of my invoice titles (issued invoices keep their copy)',
    tag,
    auth: true,
    regions: cn,
    request: ZInvoiceTitleIdRequest,
    response: z.object({}),
    errors: [Code.invoiceTitleNotFound],
  }),
  setDefaultTitle: defineContract({
    path: '/order/v5/invoice/title/setDefault',
    summary: 'Make one of my invoice titles the default',
    tag,
    auth: true,
    regions: cn,
    request: ZInvoiceTitleIdRequest,
    response: z.object({}),
    errors: [Code.invoiceTitleNotFound],
  }),
};
