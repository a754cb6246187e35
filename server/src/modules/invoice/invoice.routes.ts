import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { InvoiceService } from './invoice.service.ts';
import type { InvoiceTitlesService } from './invoice-titles.service.ts';

type Deps = { invoices: InvoiceService; invoiceTitles: InvoiceTitlesService };
const applyLimit = { max: 20, timeWindow: '1 minute' };

export function createInvoiceCalls(d: Deps) {
  return [
    defineCall(calls.invoice.notice, { handler: async () => d.invoices.notice() }),
    defineCall(calls.invoice.orders, {
      handler: ({ payload, session }) => d.invoices.orders(session.userId, payload),
    }),
    defineCall(calls.invoice.create, {
      rateLimit: applyLimit,
      handler: ({ payload, session, ip, requestId }) => d.invoices.create(session.userId, payload, { ip, requestId }),
    }),
    defineCall(calls.invoice.reCreate, {
      rateLimit: applyLimit,
      handler: ({ payload, session, ip, requestId }) => d.invoices.reCreate(session.userId, payload, { ip, requestId }),
    }),
    defineCall(calls.invoice.records, {
      handler: ({ payload, session }) => d.invoices.records(session.userId, payload),
    }),
    defineCall(calls.invoice.detail, {
      handler: ({ payload, session }) => d.invoices.detail(session.userId, payload.invoiceNo),
    }),
    defineCall(calls.invoice.titles, { handler: ({ session }) => d.invoiceTitles.list(session.userId) }),
    defineCall(calls.invoice.saveTitle, {
      handler: ({ payload, session, ip, requestId }) =>
        d.invoiceTitles.save(session.userId, payload, { ip, requestId }),
    }),
    defineCall(calls.invoice.deleteTitle, {
      async handler({ payload, session, ip, requestId }) {
        await d.invoiceTitles.remove(session.userId, payload.id, { ip, requestId });
        return {};
      },
    }),
    defineCall(calls.invoice.setDefaultTitle, {
      async handler({ payload, session, ip, requestId }) {
        await d.invoiceTitles.setDefault(session.userId, payload.id, { ip, requestId });
        return {};
      },
    }),
  ];
}
