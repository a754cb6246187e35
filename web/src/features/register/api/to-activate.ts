/**
 * /user/v5/profile/toactivate {id} → {} or 1200002. The link is single use,
 * so it runs as a query: one call per id, never retried or refetched.
 */
import { calls } from '@ac/protocol/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchToActivate(id: string): Promise<true> {
  await apiCall(calls.registration.toActivate, { id });
  return true;
}

export const toActivateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['toactivate', id],
    queryFn: () => fetchToActivate(id),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useToActivate(id: string) {
  return useQuery(toActivateQueryOptions(id));
}
