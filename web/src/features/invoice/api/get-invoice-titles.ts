/** My invoice titles, the default first: /order/v5/invoice/title/list. */
import { calls } from '@ac/protocol/calls';
import { type TInvoiceTitleList, ZInvoiceTitleList } from '@ac/protocol/invoice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchInvoiceTitles(): Promise<TInvoiceTitleList> {
  return ZInvoiceTitleList.parse(await apiCall(calls.invoice.titles, {}));
}

export const invoiceTitlesQueryOptions = () =>
  queryOptions({ queryKey: ['invoice', 'titles'], queryFn: fetchInvoiceTitles });

export function useInvoiceTitles() {
  return useQuery(invoiceTitlesQueryOptions());
}
