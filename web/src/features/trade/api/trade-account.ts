/**
 * The trade account comes with the user detail (/user/v5/sysuser/getUserDetail,
 * China build): details, lists, the masked identity and the cash settings.
 * Every trade call (/user/v5/sysuser/save…, delete…, set…) changes it, so
 * after one the user detail loads again.
 */
import { calls } from '@ac/protocol/calls';
import type { CallContract } from '@ac/protocol/contract';
import type { TTradeAccount } from '@ac/protocol/trade';
import { useCall, useCallMutation } from '@/lib/api/use-call';

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
  return useCall(calls.profile.getUserDetail, {}, { select: (detail) => detail.trade ?? EMPTY });
}

export function useTradeCall<C extends CallContract>(call: C) {
  return useCallMutation(call, { invalidates: [calls.profile.getUserDetail] });
}
