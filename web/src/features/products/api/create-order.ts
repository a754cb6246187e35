/** Creates an unpaid order for one product: /order/v5/order/create → the order detail (status 0). */
import { type TOrderCreateRequest, type TOrderDetail, ZOrderCreateResponse } from '@ac/protocol/commerce';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const ORDER_CREATE_PATH = '/order/v5/order/create';

export async function fetchCreateOrder(
  payload: Pick<TOrderCreateRequest, 'goodsCode' | 'quantity'>,
): Promise<TOrderDetail> {
  return ZOrderCreateResponse.parse(await request(ORDER_CREATE_PATH, payload));
}

export function useCreateOrder() {
  return useMutation({ mutationFn: fetchCreateOrder });
}
