/**
 * Where the provider sends the browser back after a binding
 * (/third_bind/callback/<type>?code&state&iss): posts bindThirdParty once,
 * shows the result (or that the person declined at the provider) and leads
 * back to /third_bind.
 */
import { calls } from '@ac/protocol/calls';
import { thirdPartyNames, ZThirdPartyType } from '@ac/protocol/third-party';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { useCallMutation } from '@/lib/api/use-call';
import { readProviderCallback } from '@/lib/routing/provider-callback';

export function ThirdBindCallbackPage() {
  const { t } = useTranslation(['security', 'errors']);
  const errorText = useErrorText();
  const { type: rawType } = useParams();
  const [params] = useSearchParams();
  const type = ZThirdPartyType.safeParse(rawType);
  const callback = useMemo(() => readProviderCallback(params), [params]);
  const bind = useCallMutation(calls.thirdParty.bind, { invalidates: [calls.thirdParty.list] });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !type.success || callback.kind !== 'code') return;
    started.current = true;
    const { code, state, iss } = callback;
    bind.mutate({ type: type.data, code, state, iss });
  }, [bind, type, callback]);

  const name = type.success ? thirdPartyNames[type.data] : '';
  const navigate = useNavigate();
  const back = (
    <Button type="primary" key="back" onClick={() => navigate(paths.thirdBind.getHref())}>
      {t('security.backToThirdBind')}
    </Button>
  );
  const invalid = !type.success || callback.kind === 'invalid';
  return (
    <Card>
      {invalid ? (
        <Result status="error" title={t('security.bindFailed')} subTitle={t('security.bindInvalid')} extra={back} />
      ) : callback.kind === 'declined' ? (
        <Result status="info" title={t('security.bindCancelled', { name })} extra={back} />
      ) : bind.isSuccess ? (
        <Result status="success" title={t('security.bindDone', { name })} extra={back} />
      ) : bind.isError ? (
        <Result status="error" title={t('security.bindFailed')} subTitle={errorText(bind.error)} extra={back} />
      ) : (
        <Result icon={<Spin />} title={t('security.binding', { name })} />
      )}
    </Card>
  );
}
