/** Mails an unused code of my order to a member of my company: /order/v5/redeem/handOver. */
import { calls } from '@ac/protocol/calls';
import { type TRedeemOrderCode, ZRedeemHandOverResponse } from '@ac/protocol/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

type HandOver = { orderNo: string; serialNo: string; email: string };

export async function fetchHandOverCode(payload: HandOver): Promise<TRedeemOrderCode> {
  return ZRedeemHandOverResponse.parse(await apiCall(calls.redeem.handOver, payload));
}

export function useHandOverCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchHandOverCode,
    onSuccess: (_, v) => void queryClient.invalidateQueries({ queryKey: ['redeem', 'orders', 'detail', v.orderNo] }),
  });
}
