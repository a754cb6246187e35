/** What a redeem code would grant, checked like an exchange but changing nothing: /order/v5/redeem/preview. */
import { calls } from '@ac/protocol/calls';
import { type TRedeemPreviewResponse, ZRedeemPreviewResponse } from '@ac/protocol/commerce';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchPreviewRedeem(code: string): Promise<TRedeemPreviewResponse> {
  return ZRedeemPreviewResponse.parse(await apiCall(calls.redeem.preview, { code }));
}

export function usePreviewRedeem() {
  return useMutation({ mutationFn: fetchPreviewRedeem });
}
