/** Starts paying an order with a method: /order/v5/order/pay → {payUrl} (page flow) or {qrCode} (WeChat). */
import { type TOrderPayRequest, type TOrderPayResponse, ZOrderPayResponse } from '@ac/protocol/commerce';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const ORDER_PAY_PATH = '/order/v5/order/pay';

export async function fetchPayOrder(payload: TOrderPayRequest): Promise<TOrderPayResponse> {
  return ZOrderPayResponse.parse(await request(ORDER_PAY_PATH, payload));
}

export function usePayOrder() {
  return useMutation({ mutationFn: fetchPayOrder });
}
