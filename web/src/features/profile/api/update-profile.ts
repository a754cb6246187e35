/**
 * Saves the profile: /user/v5/sysuser/profile. Absent fields stay, "" clears
 * location, company or position; a new email or mobile needs its code.
 * Afterwards the user detail and the header's user info are loaded again.
 */
import type { TProfileRequest } from '@ac/protocol/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api/api-client';
import { userDetailQueryOptions } from '@/lib/session/user-detail';
import { userInfoQueryOptions } from '@/lib/session/user-info';

export const UPDATE_PROFILE_PATH = '/user/v5/sysuser/profile';

export async function fetchUpdateProfile(payload: TProfileRequest): Promise<void> {
  await request(UPDATE_PROFILE_PATH, payload);
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
