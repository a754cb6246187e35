/** Creates the unpaid order for N codes of an offer: /order/v5/redeem/buy → the order for the shared checkout. */
import { calls } from '@ac/protocol/calls';
import { type TOrderDetail, type TRedeemBuyRequest, ZRedeemBuyResponse } from '@ac/protocol/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchBuyRedeemCodes(payload: TRedeemBuyRequest): Promise<TOrderDetail> {
  return ZRedeemBuyResponse.parse(await apiCall(calls.redeem.buy, payload));
}

export function useBuyRedeemCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchBuyRedeemCodes,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['redeem', 'orders'] }),
  });
}
