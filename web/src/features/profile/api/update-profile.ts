/**
 * Saves the profile: /user/v5/sysuser/profile. Absent fields stay, "" clears
 * location, company or position; a new email or mobile needs its code.
 * Afterwards the user detail and the header's user info are loaded again.
 */
import { calls } from '@ac/protocol/calls';
import type { TProfileRequest } from '@ac/protocol/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { userDetailQueryOptions } from '@/lib/session/user-detail';
import { userInfoQueryOptions } from '@/lib/session/user-info';

export async function fetchUpdateProfile(payload: TProfileRequest): Promise<void> {
  await apiCall(calls.profile.update, payload);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchUpdateProfile,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userDetailQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
      ]);
    },
  });
}
