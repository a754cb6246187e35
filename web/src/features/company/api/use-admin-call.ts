/**
 * A company admin's change: invite by mail, withdraw an invitation, remove
 * a member, assign or release a seat (/company/v5/admin/…). Once settled it
 * reloads the company's members and seats, and the admin's own products and
 * membership (a seat shows in the product centre and the vip info).
 */
import { calls } from '@ac/protocol/calls';
import type { CallContract } from '@ac/protocol/contract';
import { invalidateCall, useCallMutation } from '@/lib/api/use-call';

export const COMPANY_QUERIES = [calls.company.overview, calls.company.members, calls.company.invitation];

export function useAdminCall<C extends CallContract>(call: C) {
  return useCallMutation(call, {
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      invalidateCall(
        client,
        ...COMPANY_QUERIES,
        calls.products.catalog,
        calls.memberships.mine,
        calls.session.userInfo,
      ),
  });
}
