/** The logged-in user with storage and current membership (/user/v5/sysuser/userInfo). */
import { calls } from '@ac/protocol/calls';
import { type TUserInfoResponse, ZUserInfoResponse } from '@ac/protocol/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, type RequestOptions } from '@/lib/api/api-client';

export async function fetchUserInfo(options?: RequestOptions): Promise<TUserInfoResponse> {
  return ZUserInfoResponse.parse(await apiCall(calls.session.userInfo, {}, options));
}

export const userInfoQueryOptions = (options?: RequestOptions) =>
  queryOptions({
    queryKey: ['session', 'userInfo'],
    queryFn: () => fetchUserInfo(options),
    staleTime: 60_000,
  });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}

/** Logged in means the user's name and id are present (docs/product.md#client-types). */
export function isLoggedIn(info: TUserInfoResponse | undefined): boolean {
  return Boolean(info?.userInfo.name && info.userInfo.id);
}
