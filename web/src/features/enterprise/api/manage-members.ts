/**
 * Company admin actions: invite by mail, withdraw an invitation, remove a
 * member, assign and release a seat (/company/v5/admin/…). Each refreshes
 * the members and the seat counts.
 */
import { calls } from '@ac/protocol/calls';
import type { TSeatRequest } from '@ac/protocol/company';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';

export async function fetchInviteMember(email: string): Promise<void> {
  await apiCall(calls.company.invite, { email });
}
export async function fetchCancelInvitation(id: string): Promise<void> {
  await apiCall(calls.company.cancelInvitation, { id });
}
export async function fetchRemoveMember(userId: string): Promise<void> {
  await apiCall(calls.company.removeMember, { userId });
}
export async function fetchAssignSeat(seat: TSeatRequest): Promise<void> {
  await apiCall(calls.company.assignSeat, seat);
}
export async function fetchReleaseSeat(seat: TSeatRequest): Promise<void> {
  await apiCall(calls.company.releaseSeat, seat);
}

const refresh = (queryClient: QueryClient) => () => {
  void queryClient.invalidateQueries({ queryKey: ['enterprise'] });
  // the admin's own seat shows in the product centre and the vip info
  void queryClient.invalidateQueries({ queryKey: ['products'] });
  void queryClient.invalidateQueries({ queryKey: ['session', 'userInfo'] });
};

function useAdminMutation<T>(mutationFn: (v: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: refresh(queryClient) });
}

export const useInviteMember = () => useAdminMutation(fetchInviteMember);
export const useCancelInvitation = () => useAdminMutation(fetchCancelInvitation);
export const useRemoveMember = () => useAdminMutation(fetchRemoveMember);
export const useAssignSeat = () => useAdminMutation(fetchAssignSeat);
export const useReleaseSeat = () => useAdminMutation(fetchReleaseSeat);
