/**
 * While an invoice is with the provider (invoicing, reissuing) its detail
 * (/order/v5/invoice/detail) and the records page that shows it
 * (/order/v5/invoice/records) ask again every 2 s, so they move on by
 * themselves. An application changes the orders, records and details.
 */
import { calls } from '@ac/protocol/calls';
import type { TInvoiceStatus } from '@ac/protocol/enums';
import { invoicePdfPath } from '@ac/protocol/http-paths';
import { downloadUrl } from '@/lib/api/api-client';
import { useCall } from '@/lib/api/use-call';

const PENDING_POLL_MS = 2000;

const isPending = (status: TInvoiceStatus) => status === 'invoicing' || status === 'reissuing';

/** What applying (or applying again) for an invoice changes. */
export const APPLICATION_CHANGES = [calls.invoice.orders, calls.invoice.records, calls.invoice.detail];

export function useInvoiceDetail(invoiceNo: string) {
  return useCall(
    calls.invoice.detail,
    { invoiceNo },
    {
      enabled: invoiceNo !== '',
      refetchInterval: (query) => (query.state.data && isPending(query.state.data.status) ? PENDING_POLL_MS : false),
    },
  );
}

/** The records page's interval: every 2 s while one of its invoices is pending. */
export const pollWhilePending = (query: { state: { data?: { rows: { status: TInvoiceStatus }[] } } }) =>
  query.state.data?.rows.some((r) => isPending(r.status)) ? PENDING_POLL_MS : false;

/** The issued invoice's PDF: a same-origin GET with this browser's HttpOnly ticket cookie. */
export function invoicePdfUrl(invoiceNo: string): string {
  return downloadUrl(invoicePdfPath(invoiceNo));
}
