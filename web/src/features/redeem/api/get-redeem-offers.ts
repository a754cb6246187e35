/** What can be bought as redeem codes, and whether I may: /order/v5/redeem/offers. */
import { calls } from '@ac/protocol/calls';
import { type TRedeemOffersResponse, ZRedeemOffersResponse } from '@ac/protocol/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchRedeemOffers(): Promise<TRedeemOffersResponse> {
  return ZRedeemOffersResponse.parse(await apiCall(calls.redeem.offers, {}));
}

export const redeemOffersQueryOptions = () =>
  queryOptions({ queryKey: ['redeem', 'offers'], queryFn: fetchRedeemOffers });

export function useRedeemOffers(enabled = true) {
  return useQuery({ ...redeemOffersQueryOptions(), enabled });
}
