/** The user's company with its seats: /company/v5/member/overview. */
import { calls } from '@ac/protocol/calls';
import { type TCompanyOverview, ZCompanyOverview } from '@ac/protocol/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchCompanyOverview(): Promise<TCompanyOverview> {
  return ZCompanyOverview.parse(await apiCall(calls.company.overview, {}));
}

export const companyOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['enterprise', 'overview'], queryFn: fetchCompanyOverview });

export function useCompanyOverview() {
  return useQuery(companyOverviewQueryOptions());
}
