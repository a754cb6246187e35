/** The user's company relation (/company/v5/member/getCompanyInfoByToken), or null. */
import { calls } from '@ac/protocol/calls';
import { useCall } from '@/lib/api/use-call';

export function useCompanyInfo(enabled = true) {
  return useCall(calls.company.companyInfo, {}, { staleTime: 5 * 60_000, enabled });
}
