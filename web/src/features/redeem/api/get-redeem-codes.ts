/** My redeem codes of one tab (unused, used, expired), paged: /order/v5/redeem/list. */
import { calls } from '@ac/protocol/calls';
import { type TRedeemListRequest, type TRedeemRow, ZRedeemList } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export type RedeemCodesParams = Pick<TRedeemListRequest, 'pageNo' | 'pageSize' | 'state'>;

export async function fetchRedeemCodes(params: RedeemCodesParams): Promise<TList<TRedeemRow>> {
  return ZRedeemList.parse(await apiCall(calls.redeem.list, params));
}

export const redeemCodesQueryOptions = (params: RedeemCodesParams) =>
  queryOptions({
    queryKey: ['redeem', 'list', params],
    queryFn: () => fetchRedeemCodes(params),
    placeholderData: keepPreviousData,
  });

export function useRedeemCodes(params: RedeemCodesParams) {
  return useQuery(redeemCodesQueryOptions(params));
}
