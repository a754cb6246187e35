/** The user's editable details (profile, password, deletion): /user/v5/sysuser/getUserDetail. */
import { calls } from '@ac/protocol/calls';
import { useCall } from '@/lib/api/use-call';

export function useUserDetail() {
  return useCall(calls.profile.getUserDetail, {});
}
