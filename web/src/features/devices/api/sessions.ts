/** My live sessions and signing them out (/user/v5/sysuser/sessionList, signOutSession, signOutOthers). */
import { calls } from '@ac/protocol/calls';
import { type TActiveSession, ZActiveSessions } from '@ac/protocol/devices';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchSessions(): Promise<TActiveSession[]> {
  return ZActiveSessions.parse(await apiCall(calls.session.listActive, {})).rows;
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: ['sessions', 'active'], queryFn: fetchSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiCall(calls.session.signOut, { id });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(calls.session.signOutOthers, {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}
