/** Adds or replaces an invoice title: /order/v5/invoice/title/save; refreshes the titles. */
import { calls } from '@ac/protocol/calls';
import { type TInvoiceTitle, type TInvoiceTitleSaveRequest, ZInvoiceTitle } from '@ac/protocol/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { invoiceTitlesQueryOptions } from './get-invoice-titles';

export async function fetchSaveInvoiceTitle(req: TInvoiceTitleSaveRequest): Promise<TInvoiceTitle> {
  return ZInvoiceTitle.parse(await apiCall(calls.invoice.saveTitle, req));
}

export function useSaveInvoiceTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchSaveInvoiceTitle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceTitlesQueryOptions().queryKey }),
  });
}
