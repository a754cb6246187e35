/**
 * Binding, unbinding and signing out sessions: each reloads the devices and
 * the sessions once it has settled, failed or not (a refused change may
 * still find the list out of date).
 */
import { calls } from '@ac/protocol/calls';
import type { CallContract } from '@ac/protocol/contract';
import { invalidateCall, useCallMutation } from '@/lib/api/use-call';

function useRefreshingMutation<C extends CallContract>(call: C) {
  return useCallMutation(call, {
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      invalidateCall(client, calls.devices.list, calls.session.listActive),
  });
}

export const useBindDevice = () => useRefreshingMutation(calls.devices.bind);
export const useUnbindDevice = () => useRefreshingMutation(calls.devices.unbind);
export const useSignOutSession = () => useRefreshingMutation(calls.session.signOut);
export const useSignOutOthers = () => useRefreshingMutation(calls.session.signOutOthers);
