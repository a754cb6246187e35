/** What a redeem code would grant, checked like an exchange but changing nothing: /order/v5/redeem/preview. */
import { type TRedeemPreviewResponse, ZRedeemPreviewResponse } from '@ac/protocol/commerce';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const REDEEM_PREVIEW_PATH = '/order/v5/redeem/preview';

export async function fetchPreviewRedeem(code: string): Promise<TRedeemPreviewResponse> {
  return ZRedeemPreviewResponse.parse(await request(REDEEM_PREVIEW_PATH, { code }));
}

export function usePreviewRedeem() {
  return useMutation({ mutationFn: fetchPreviewRedeem });
}
