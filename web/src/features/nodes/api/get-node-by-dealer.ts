/**
 * /user/v5/sysuser/getnodeByDealer {account} → {node:{code, name, url}}:
 * the node an account lives on (asked after 0300069; limited to 10 a minute).
 */
import { calls } from '@ac/protocol/calls';
import { type TNodeRef, ZGetNodeByDealerResponse } from '@ac/protocol/registration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchNodeByDealer(account: string): Promise<TNodeRef> {
  return ZGetNodeByDealerResponse.parse(await apiCall(calls.nodes.getNodeByDealer, { account })).node;
}

export const nodeByDealerQueryOptions = (account: string) =>
  queryOptions({
    queryKey: ['nodeByDealer', account],
    queryFn: () => fetchNodeByDealer(account),
    retry: false,
    staleTime: 60_000,
  });

export function useNodeByDealer(account: string | undefined) {
  return useQuery({ ...nodeByDealerQueryOptions(account ?? ''), enabled: !!account });
}
