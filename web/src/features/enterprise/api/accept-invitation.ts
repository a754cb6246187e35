/** An invitation link: what it is for (/company/v5/invitation/preview) and joining with it (…/accept). */
import { calls } from '@ac/protocol/calls';
import { type TInvitationPreview, ZInvitationPreview } from '@ac/protocol/company';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api/api-client';
import { companyInfoQueryOptions } from '@/lib/session/company-info';

export async function fetchInvitation(token: string): Promise<TInvitationPreview> {
  return ZInvitationPreview.parse(await apiCall(calls.company.invitation, { token }));
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['enterprise', 'invitation', token], queryFn: () => fetchInvitation(token), retry: false });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export async function fetchAcceptInvitation(token: string): Promise<void> {
  await apiCall(calls.company.acceptInvitation, { token });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fetchAcceptInvitation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companyInfoQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['enterprise'] });
    },
  });
}
