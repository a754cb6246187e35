/** The logged-in user with storage and current membership (/user/v5/sysuser/userInfo). */
import { type TUserInfoResponse, ZUserInfoResponse } from '@ac/protocol/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RequestOptions, request } from '@/lib/api/api-client';

export const USER_INFO_PATH = '/user/v5/sysuser/userInfo';

export async function fetchUserInfo(options?: RequestOptions): Promise<TUserInfoResponse> {
  return ZUserInfoResponse.parse(await request(USER_INFO_PATH, {}, options));
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
