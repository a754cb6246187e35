/**
 * /user/v5/sysuser/getnodeByDealer {account} → {node:{code, name, url}}:
 * the node an account lives on (asked after 0300069; limited to 10 a minute).
 */
import { type TNodeRef, ZGetNodeByDealerResponse } from '@ac/protocol/registration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';

export const GET_NODE_BY_DEALER_PATH = '/user/v5/sysuser/getnodeByDealer';

export async function fetchNodeByDealer(account: string): Promise<TNodeRef> {
  return ZGetNodeByDealerResponse.parse(await request(GET_NODE_BY_DEALER_PATH, { account })).node;
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
