/**
 * Redeems a code: /order/v5/redeem/exchange → the membership after the
 * grant. Refreshes my codes, the current membership, products and orders.
 */
import { calls } from '@ac/protocol/calls';
import { type TRedeemExchangeResponse, ZRedeemExchangeResponse } from '@ac/protocol/commerce';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { userInfoQueryOptions } from '@/lib/session/user-info';
import { redeemCodesQueryOptions } from './get-redeem-codes';

export async function fetchExchangeRedeem(code: string): Promise<TRedeemExchangeResponse> {
  return ZRedeemExchangeResponse.parse(await apiCall(calls.redeem.exchange, { code }));
}

export function useExchangeRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchExchangeRedeem,
    onSuccess: () => {
      // ['redeem', 'list'] is the prefix of every tab and page of redeemCodesQueryOptions.
      const [scope, kind] = redeemCodesQueryOptions({ state: 'unused', pageNo: 1, pageSize: 10 }).queryKey;
      void queryClient.invalidateQueries({ queryKey: [scope, kind] });
      void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
      // The product centre and the orders (an exchange writes an order) of other features.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
