/** The user's editable details (profile, password, deletion): /user/v5/sysuser/getUserDetail. */
import { calls } from '@ac/protocol/calls';
import { type TUserDetail, ZUserDetail } from '@ac/protocol/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchUserDetail(): Promise<TUserDetail> {
  return ZUserDetail.parse(await apiCall(calls.profile.getUserDetail, {}));
}

export const userDetailQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'userDetail'], queryFn: fetchUserDetail });

export function useUserDetail() {
  return useQuery(userDetailQueryOptions());
}
