/**
 * Applies for an invoice (/order/v5/invoice/create) or again for a failed or
 * voided one (/order/v5/invoice/reCreate); both refresh orders and records.
 */
import { calls } from '@ac/protocol/calls';
import {
  type TInvoiceCreateRequest,
  type TInvoiceDetail,
  type TInvoiceReCreateRequest,
  ZInvoiceDetail,
} from '@ac/protocol/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchCreateInvoice(req: TInvoiceCreateRequest): Promise<TInvoiceDetail> {
  return ZInvoiceDetail.parse(await apiCall(calls.invoice.create, req));
}

export async function fetchReCreateInvoice(req: TInvoiceReCreateRequest): Promise<TInvoiceDetail> {
  return ZInvoiceDetail.parse(await apiCall(calls.invoice.reCreate, req));
}

function useApply<R>(fn: (req: R) => Promise<TInvoiceDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // ['invoice', 'orders'], ['invoice', 'records'] and ['invoice', 'detail'] all start with ['invoice']
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invoice'] }),
  });
}

export const useCreateInvoice = () => useApply(fetchCreateInvoice);
export const useReCreateInvoice = () => useApply(fetchReCreateInvoice);
