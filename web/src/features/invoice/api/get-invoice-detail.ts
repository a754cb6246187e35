/** One of my invoices: /order/v5/invoice/detail; polls while it is with the provider. */
import { calls } from '@ac/protocol/calls';
import { invoicePdfPath } from '@ac/protocol/http-paths';
import { type TInvoiceDetail, ZInvoiceDetail } from '@ac/protocol/invoice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, callUrl } from '@/lib/api/api-client';
import { isPending, PENDING_POLL_MS } from './get-invoice-records';

export async function fetchInvoiceDetail(invoiceNo: string): Promise<TInvoiceDetail> {
  return ZInvoiceDetail.parse(await apiCall(calls.invoice.detail, { invoiceNo }));
}

export const invoiceDetailQueryOptions = (invoiceNo: string) =>
  queryOptions({
    queryKey: ['invoice', 'detail', invoiceNo],
    queryFn: () => fetchInvoiceDetail(invoiceNo),
    refetchInterval: (query) => (query.state.data && isPending(query.state.data.status) ? PENDING_POLL_MS : false),
  });

export function useInvoiceDetail(invoiceNo: string) {
  return useQuery({ ...invoiceDetailQueryOptions(invoiceNo), enabled: invoiceNo !== '' });
}

/** The issued invoice's PDF (a GET with this browser's utoken). */
export function invoicePdfUrl(invoiceNo: string): string {
  return callUrl(invoicePdfPath(invoiceNo));
}
