/** The user's company relation (/company/v5/member/getCompanyInfoByToken), or null. */
import { calls } from '@ac/protocol/calls';
import { type TCompanyInfo, ZCompanyInfo } from '@ac/protocol/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchCompanyInfo(): Promise<TCompanyInfo> {
  return ZCompanyInfo.parse(await apiCall(calls.company.companyInfo, {}));
}

export const companyInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['session', 'companyInfo'],
    queryFn: fetchCompanyInfo,
    staleTime: 5 * 60_000,
  });

export function useCompanyInfo(enabled = true) {
  return useQuery({ ...companyInfoQueryOptions(), enabled });
}
