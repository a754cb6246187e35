/** The region's providers with their bound state: /user/v5/third/bindThirdPartyList. */
import { calls } from '@ac/protocol/calls';
import { type TBindThirdPartyListResponse, ZBindThirdPartyListResponse } from '@ac/protocol/third-party';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchThirdPartyList(): Promise<TBindThirdPartyListResponse> {
  return ZBindThirdPartyListResponse.parse(await apiCall(calls.thirdParty.list, {}));
}

export const thirdPartyListQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'thirdPartyList'], queryFn: fetchThirdPartyList });

export function useThirdPartyList() {
  return useQuery(thirdPartyListQueryOptions());
}
