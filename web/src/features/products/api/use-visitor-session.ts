/**
 * Who is looking, on a page that skips the session gate (/vip_confirm):
 * the same userInfo query the gate runs, but a missing or expired session
 * is an answer ("logged out"), not a trip to the login page.
 */

import { errorCode } from '@ac/client';
import { sessionCodes, type TCode } from '@ac/protocol/codes';
import type { TUserInfoResponse } from '@ac/protocol/session';
import { useQuery } from '@tanstack/react-query';
import { isLoggedIn, userInfoQueryOptions } from '@/lib/session/user-info';

export type VisitorSession =
  | { state: 'checking' }
  | { state: 'loggedOut' }
  | { state: 'loggedIn'; info: TUserInfoResponse }
  | { state: 'failed'; error: unknown; retry: () => void };

export function useVisitorSession(): VisitorSession {
  const userInfo = useQuery(userInfoQueryOptions({ onSessionExpired: 'reject' }));
  if (userInfo.isPending) return { state: 'checking' };
  if (userInfo.isError && sessionCodes.includes(errorCode(userInfo.error) as TCode)) return { state: 'loggedOut' };
  // A failed background refresh keeps the answer it had (a checkout may be open on it).
  if (userInfo.data) {
    return isLoggedIn(userInfo.data) ? { state: 'loggedIn', info: userInfo.data } : { state: 'loggedOut' };
  }
  return { state: 'failed', error: userInfo.error, retry: () => void userInfo.refetch() };
}
