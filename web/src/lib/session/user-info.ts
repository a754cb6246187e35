/** The logged-in user with storage and current membership (/user/v5/sysuser/userInfo). */
import { calls } from '@ac/protocol/calls';
import type { TUserInfoResponse } from '@ac/protocol/session';
import { useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '@/lib/api/api-client';
import { callQueryOptions } from '@/lib/api/use-call';

export const userInfoQueryOptions = (request?: RequestOptions) =>
  callQueryOptions(calls.session.userInfo, {}, { request, staleTime: 60_000 });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}

/** Logged in means the user's name and id are present (docs/product.md#client-types). */
export function isLoggedIn(info: TUserInfoResponse | undefined): boolean {
  return Boolean(info?.userInfo.name && info.userInfo.id);
}
