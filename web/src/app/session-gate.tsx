/**
 * Loads the session for non-public pages (docs/product.md#states): user info, company and
 * the dictionary. Without a token (and no valid ticket cookie) the visitor
 * goes straight to login; an expired token gets the re-login flow; any other
 * failure clears the session and goes to login after 2 seconds.
 */

import { errorCode } from '@ac/client';
import { sessionCodes, type TCode } from '@ac/protocol/codes';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FullPageSpin } from '@/components/full-page-spin';
import { useNotice } from '@/components/notice';
import { useErrorText } from '@/components/use-error-text';
import { expireSession } from '@/lib/api/session-expiry';
import { clearSession } from '@/lib/session/clear-session';
import { useCompanyInfo } from '@/lib/session/company-info';
import { useDictionary } from '@/lib/session/dictionary';
import { loginHref } from '@/lib/session/login-path';
import { isPublicPath } from '@/lib/session/public-pages';
import { getToken } from '@/lib/session/token';
import { isLoggedIn, userInfoQueryOptions } from '@/lib/session/user-info';

export const USER_INFO_FAILURE_DELAY_MS = 2000;

function LoadedSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const notice = useNotice();
  const errorText = useErrorText();
  const [hadToken] = useState(() => Boolean(getToken()));
  const userInfo = useQuery(userInfoQueryOptions({ onSessionExpired: 'reject' }));
  const loggedIn = isLoggedIn(userInfo.data);
  useCompanyInfo(loggedIn);
  useDictionary();

  const error = userInfo.error;
  const notLoggedIn = userInfo.isSuccess && !loggedIn;
  useEffect(() => {
    if (!error && !notLoggedIn) return;
    const toLogin = () => navigate(loginHref(`${pathname}${search}`), { replace: true });
    if (notLoggedIn || sessionCodes.includes(errorCode(error) as TCode)) {
      if (hadToken) expireSession();
      else toLogin();
      return;
    }
    notice.error(errorText(error));
    const timer = setTimeout(() => {
      clearSession();
      toLogin();
    }, USER_INFO_FAILURE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [error, notLoggedIn, hadToken, notice, errorText, navigate, pathname, search]);

  return loggedIn ? children : <FullPageSpin />;
}

export function SessionGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return isPublicPath(pathname) ? children : <LoadedSession>{children}</LoadedSession>;
}
