/** The user's company relation (/company/v5/member/getCompanyInfoByToken), or null. */
import { type TCompanyInfo, ZCompanyInfo } from '@ac/protocol/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const COMPANY_INFO_PATH = '/company/v5/member/getCompanyInfoByToken';

export async function fetchCompanyInfo(): Promise<TCompanyInfo> {
  return ZCompanyInfo.parse(await request(COMPANY_INFO_PATH, {}));
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
