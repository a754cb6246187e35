/** Starts paying an order with a method: /order/v5/order/pay → {payUrl} (page flow) or {qrCode} (WeChat). */
import { calls } from '@ac/protocol/calls';
import { type TOrderPayRequest, type TOrderPayResponse, ZOrderPayResponse } from '@ac/protocol/commerce';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchPayOrder(payload: TOrderPayRequest): Promise<TOrderPayResponse> {
  return ZOrderPayResponse.parse(await apiCall(calls.payments.pay, payload));
}

export function usePayOrder() {
  return useMutation({ mutationFn: fetchPayOrder });
}
