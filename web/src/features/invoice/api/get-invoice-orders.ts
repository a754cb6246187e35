/** My paid orders with their invoice status, paged: /order/v5/invoice/orders. */
import { calls } from '@ac/protocol/calls';
import type { TList } from '@ac/protocol/common';
import { type TInvoiceOrderRow, ZInvoiceOrderList } from '@ac/protocol/invoice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export type InvoiceOrdersParams = { pageNo: number; pageSize: number };

export async function fetchInvoiceOrders(params: InvoiceOrdersParams): Promise<TList<TInvoiceOrderRow>> {
  return ZInvoiceOrderList.parse(await apiCall(calls.invoice.orders, params));
}

export const invoiceOrdersQueryOptions = (params: InvoiceOrdersParams) =>
  queryOptions({
    queryKey: ['invoice', 'orders', params],
    queryFn: () => fetchInvoiceOrders(params),
    placeholderData: keepPreviousData,
  });

export function useInvoiceOrders(params: InvoiceOrdersParams) {
  return useQuery(invoiceOrdersQueryOptions(params));
}
