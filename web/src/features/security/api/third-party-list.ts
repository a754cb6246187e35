/** The region's providers with their bound state: /user/v5/third/bindThirdPartyList. */
import { type TBindThirdPartyListResponse, ZBindThirdPartyListResponse } from '@ac/protocol/third-party';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const THIRD_PARTY_LIST_PATH = '/user/v5/third/bindThirdPartyList';

export async function fetchThirdPartyList(): Promise<TBindThirdPartyListResponse> {
  return ZBindThirdPartyListResponse.parse(await request(THIRD_PARTY_LIST_PATH, {}));
}

export const thirdPartyListQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'thirdPartyList'], queryFn: fetchThirdPartyList });

export function useThirdPartyList() {
  return useQuery(thirdPartyListQueryOptions());
}
