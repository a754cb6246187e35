/** After a login: keep the token, drop any cached session, go to `redirect` or /products. */
import type { TLoginResponse } from '@ac/protocol/session';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/session/login-path';
import { setToken } from '@/lib/session/token';

export function useLoginSuccess(): (answer: TLoginResponse) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    (answer: TLoginResponse) => {
      setToken(answer.utoken);
      queryClient.removeQueries({ queryKey: ['session'] });
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    [navigate, params, queryClient],
  );
}
