/**
 * My invoices, paged and optionally of one status: /order/v5/invoice/records.
 * While one is still with the provider the list polls, so it moves on by itself.
 */
import { calls } from '@ac/protocol/calls';
import type { TList } from '@ac/protocol/common';
import type { TInvoiceStatus } from '@ac/protocol/enums';
import { type TInvoiceRow, ZInvoiceRecordList } from '@ac/protocol/invoice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export type InvoiceRecordsParams = { pageNo: number; pageSize: number; status?: TInvoiceStatus };
export const PENDING_POLL_MS = 2000;

export async function fetchInvoiceRecords(params: InvoiceRecordsParams): Promise<TList<TInvoiceRow>> {
  return ZInvoiceRecordList.parse(await apiCall(calls.invoice.records, params));
}

export const isPending = (status: TInvoiceStatus) => status === 'invoicing' || status === 'reissuing';

export const invoiceRecordsQueryOptions = (params: InvoiceRecordsParams) =>
  queryOptions({
    queryKey: ['invoice', 'records', params],
    queryFn: () => fetchInvoiceRecords(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some((r) => isPending(r.status)) ? PENDING_POLL_MS : false),
  });

export function useInvoiceRecords(params: InvoiceRecordsParams) {
  return useQuery(invoiceRecordsQueryOptions(params));
}
