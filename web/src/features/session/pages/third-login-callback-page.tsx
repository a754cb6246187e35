/**
 * Back from the provider (/login/callback/<type>?code&state&iss): logs in
 * with the bound identity, or, when it belongs to no account yet, keeps its
 * ticket and asks the user to log in (or register) to link it. A sign-in
 * the person declined at the provider says so.
 */

import { calls } from '@ac/protocol/calls';
import type { TThirdPartyType } from '@ac/protocol/enums';
import { thirdPartyNames, ZThirdPartyType } from '@ac/protocol/third-party';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { regionConfig } from '@/config/regions/region-config';
import { apiCall } from '@/lib/api/api-client';
import { getRegion } from '@/lib/app-config';
import { readProviderCallback } from '@/lib/routing/provider-callback';
import { savePendingLink } from '../hooks/pending-link';
import { useLoginSuccess } from '../hooks/use-login-success';
import type { LoginPageState } from './login-page';

/** China signs a provider identity up on /{type}/getCode (docs/product.md#routes); overseas on the usual register page. */
type ThirdLoginInput = { type: TThirdPartyType; code: string; state: string; iss?: string };

const registerHref = (type: TThirdPartyType | undefined) =>
  type && getRegion() === 'cn' ? paths.thirdGetCode.getHref(type) : regionConfig().registerHref;

export function ThirdLoginCallbackPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { type: rawType } = useParams();
  const [params] = useSearchParams();
  // one login call per provider: the entry is chosen by the callback's type
  const login = useMutation({
    mutationFn: ({ type, ...callback }: ThirdLoginInput) => apiCall(calls.thirdParty.loginWith(type), callback),
  });
  const onSuccess = useLoginSuccess();
  const navigate = useNavigate();
  const started = useRef(false);
  const type = ZThirdPartyType.safeParse(rawType);
  const callback = useMemo(() => readProviderCallback(params), [params]);
  const invalid = !type.success || callback.kind === 'invalid';

  useEffect(() => {
    if (started.current || !type.success || callback.kind !== 'code') return;
    started.current = true;
    const { code, state, iss } = callback;
    login.mutate(
      { type: type.data, code, state, iss },
      {
        onSuccess: (answer) => {
          if ('utoken' in answer) onSuccess(answer);
          else if ('secondStep' in answer || 'enrolTwoFactor' in answer) {
            const state: LoginPageState = answer;
            navigate(paths.login.getHref(), { replace: true, state });
          } else savePendingLink({ type: type.data, ticket: answer.ticket, name: answer.profile.name });
        },
      },
    );
  }, [login, onSuccess, type, callback, navigate]);

  const name = type.success ? thirdPartyNames[type.data] : '';
  const toLogin = (
    <Button type="primary" key="login" onClick={() => navigate(paths.login.getHref())}>
      {t('auth.backToLogin')}
    </Button>
  );
  const answer = login.data;
  return (
    <Flex justify="center" style={{ padding: '32px 0' }}>
      <Card style={{ width: '100%', maxWidth: 560 }}>
        {invalid ? (
          <Result status="error" title={t('auth.thirdLoginFailed')} extra={toLogin} />
        ) : callback.kind === 'declined' ? (
          <Result status="info" title={t('auth.thirdCancelled', { name })} extra={toLogin} />
        ) : login.isError ? (
          <Result status="error" title={t('auth.thirdLoginFailed')} subTitle={errorText(login.error)} extra={toLogin} />
        ) : answer && 'needRegister' in answer ? (
          <Result
            status="info"
            title={t('auth.needLinkTitle', { name })}
            subTitle={t('auth.needLinkText', { name, account: answer.profile.name ?? answer.profile.email ?? name })}
            extra={[
              toLogin,
              <Button key="register" onClick={() => navigate(registerHref(type.data))}>
                {t('auth.register')}
              </Button>,
            ]}
          />
        ) : (
          <Result icon={<Spin />} title={t('auth.thirdLoginProgress', { name })} />
        )}
      </Card>
    </Flex>
  );
}
