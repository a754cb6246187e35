/**
 * After a login: keep the token, drop any cached session, link a pending
 * provider identity (third-party login that needed an account), then go to
 * `redirect` or /products.
 */

import { calls } from '@ac/protocol/calls';
import type { TLoginResponse } from '@ac/protocol/session';
import { thirdPartyNames } from '@ac/protocol/third-party';
import type { TEnrolmentRequired, TLoginAnswer, TSecondStepRequired } from '@ac/protocol/two-factor';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useNotice } from '@/components/notice';
import { useErrorText } from '@/components/use-error-text';
import { apiCall } from '@/lib/api/api-client';
import { callKey } from '@/lib/api/use-call';
import { safeRedirect } from '@/lib/session/login-path';
import { setToken } from '@/lib/session/token';
import { takePendingLink } from './pending-link';

/** What the previous session's answers were about: dropped, not shown to the next user. */
const SESSION_QUERIES = [
  calls.session.userInfo,
  calls.profile.getUserDetail,
  calls.company.companyInfo,
  calls.thirdParty.list,
];

/** What a login asks for before the session: the second step, or the enrolment the member's company requires. */
export type LoginStep = TSecondStepRequired | TEnrolmentRequired;
export type OnSecondStep = (step: LoginStep) => void;

/** A password or code login's answer: the session (useLoginSuccess), or the step it asks for first. */
export function useLoginAnswer(onSecondStep: OnSecondStep): (answer: TLoginAnswer) => void {
  const onSuccess = useLoginSuccess();
  return useCallback(
    (answer: TLoginAnswer) => ('utoken' in answer ? onSuccess(answer) : onSecondStep(answer)),
    [onSuccess, onSecondStep],
  );
}

export function useLoginSuccess(): (answer: TLoginResponse) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = useNotice();
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  return useCallback(
    (answer: TLoginResponse) => {
      setToken(answer.utoken);
      for (const call of SESSION_QUERIES) queryClient.removeQueries({ queryKey: callKey(call) });
      const link = takePendingLink();
      if (link) {
        apiCall(calls.thirdParty.bindByTicket, { ticket: link.ticket }).then(
          () => notice.success(t('auth.linkDone', { name: thirdPartyNames[link.type] })),
          (error: unknown) => notice.error(errorText(error)),
        );
      }
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    [navigate, params, queryClient, notice, t, errorText],
  );
}
