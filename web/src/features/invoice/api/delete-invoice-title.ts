/** Deletes an invoice title, or makes one the default; both refresh the titles. */
import { calls } from '@ac/protocol/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { invoiceTitlesQueryOptions } from './get-invoice-titles';

export async function fetchDeleteInvoiceTitle(id: string): Promise<void> {
  await apiCall(calls.invoice.deleteTitle, { id });
}

export async function fetchSetDefaultInvoiceTitle(id: string): Promise<void> {
  await apiCall(calls.invoice.setDefaultTitle, { id });
}

function useTitleMutation(fn: (id: string) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceTitlesQueryOptions().queryKey }),
  });
}

export const useDeleteInvoiceTitle = () => useTitleMutation(fetchDeleteInvoiceTitle);
export const useSetDefaultInvoiceTitle = () => useTitleMutation(fetchSetDefaultInvoiceTitle);
