/** The invoicing rules the notice explains: /order/v5/invoice/notice. */
import { calls } from '@ac/protocol/calls';
import { type TInvoiceNotice, ZInvoiceNotice } from '@ac/protocol/invoice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchInvoiceNotice(): Promise<TInvoiceNotice> {
  return ZInvoiceNotice.parse(await apiCall(calls.invoice.notice, {}));
}

export const invoiceNoticeQueryOptions = () =>
  queryOptions({ queryKey: ['invoice', 'notice'], queryFn: fetchInvoiceNotice, staleTime: 60 * 60_000 });

export function useInvoiceNotice() {
  return useQuery(invoiceNoticeQueryOptions());
}
