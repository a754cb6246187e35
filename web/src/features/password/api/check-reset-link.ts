/** /user/v5/profile/checkResetLink {id} → {valid:true} or 1200003, asked before the new-password form shows. */
import { calls } from '@ac/protocol/calls';
import { ZCheckResetLinkResponse } from '@ac/protocol/registration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchCheckResetLink(id: string): Promise<true> {
  return ZCheckResetLinkResponse.parse(await apiCall(calls.recovery.checkResetLink, { id })).valid;
}

export const checkResetLinkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['checkResetLink', id],
    queryFn: () => fetchCheckResetLink(id),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export function useCheckResetLink(id: string) {
  return useQuery(checkResetLinkQueryOptions(id));
}
