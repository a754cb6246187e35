/** Creates an unpaid order for one product: /order/v5/order/create → the order detail (status 0). */
import { calls } from '@ac/protocol/calls';
import { type TOrderCreateRequest, type TOrderDetail, ZOrderCreateResponse } from '@ac/protocol/commerce';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchCreateOrder(
  payload: Pick<TOrderCreateRequest, 'goodsCode' | 'quantity'>,
): Promise<TOrderDetail> {
  return ZOrderCreateResponse.parse(await apiCall(calls.orders.create, payload));
}

export function useCreateOrder() {
  return useMutation({ mutationFn: fetchCreateOrder });
}
