/** Bind and unbind a device (/user/v5/device/bind, /user/v5/device/unbind); both refresh devices and sessions. */
import { calls } from '@ac/protocol/calls';
import type { TDeviceUnbindRequest } from '@ac/protocol/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['devices'] });
    void queryClient.invalidateQueries({ queryKey: ['sessions'] });
  };
}

export function useBindDevice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiCall(calls.devices.bind, { id });
    },
    onSettled: refresh,
  });
}

export function useUnbindDevice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (p: TDeviceUnbindRequest) => {
      await apiCall(calls.devices.unbind, p);
    },
    onSettled: refresh,
  });
}
