/** The user's editable details (profile, password, deletion): /user/v5/sysuser/getUserDetail. */
import { type TUserDetail, ZUserDetail } from '@ac/protocol/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const GET_USER_DETAIL_PATH = '/user/v5/sysuser/getUserDetail';

export async function fetchUserDetail(): Promise<TUserDetail> {
  return ZUserDetail.parse(await request(GET_USER_DETAIL_PATH, {}));
}

export const userDetailQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'userDetail'], queryFn: fetchUserDetail });

export function useUserDetail() {
  return useQuery(userDetailQueryOptions());
}
