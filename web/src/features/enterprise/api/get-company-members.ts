/** Company admin: the members and open invitations, /company/v5/admin/members. */
import { calls } from '@ac/protocol/calls';
import { type TCompanyMembers, ZCompanyMembers } from '@ac/protocol/company';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchCompanyMembers(): Promise<TCompanyMembers> {
  return ZCompanyMembers.parse(await apiCall(calls.company.members, {}));
}

export const companyMembersQueryOptions = () =>
  queryOptions({ queryKey: ['enterprise', 'members'], queryFn: fetchCompanyMembers });

export function useCompanyMembers(enabled: boolean) {
  return useQuery({ ...companyMembersQueryOptions(), enabled });
}
