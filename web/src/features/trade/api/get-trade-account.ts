/**
 * The trade account comes with the user detail (/user/v5/sysuser/getUserDetail,
 * China build): details, lists, the masked identity and the cash settings.
 */
import type { TTradeAccount } from '@ac/protocol/trade';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { userDetailQueryOptions } from '@/lib/session/user-detail';

const EMPTY: TTradeAccount = {
  birthYear: null,
  industry: null,
  educationLevel: null,
  educations: [],
  jobs: [],
  identity: null,
  hasCashPassword: false,
  cashAccounts: [],
};

export function useTradeAccount() {
  return useQuery({ ...userDetailQueryOptions(), select: (detail) => detail.trade ?? EMPTY });
}

/** After a trade call: the user detail (and so the trade account) is loaded again. */
export function refreshTradeAccount(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: userDetailQueryOptions().queryKey });
}
