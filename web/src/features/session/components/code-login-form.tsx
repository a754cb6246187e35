/**
 * Login with a 6-digit code sent by mail (overseas) or SMS (China), through the plain send-code
 * button (the login page loads no antd).
 */

import { calls } from '@ac/protocol/calls';
import { ZEmail, ZMobile } from '@ac/protocol/common';
import { ZLoginByCodeRequest } from '@ac/protocol/session';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PlainButton } from '@/components/plain-button';
import { codeChecks, PlainCodeField } from '@/components/plain-code-field';
import { PlainField } from '@/components/plain-field';
import { PlainInput } from '@/components/plain-input';
import { useCallMutation } from '@/lib/api/use-call';
import { required, schemaCheck } from '@/lib/forms/field-checks';
import { usePlainForm } from '@/lib/forms/use-plain-form';
import { useJumpToNode } from '../hooks/use-jump-to-node';
import { type OnSecondStep, useLoginAnswer } from '../hooks/use-login-success';

type Values = { account: string; code: string };

export function CodeLoginForm({ channel, onSecondStep }: { channel: 'email' | 'sms'; onSecondStep: OnSecondStep }) {
  const { t } = useTranslation(['auth', 'common']);
  const login = useCallMutation(calls.session.loginByCode);
  const onSuccess = useLoginAnswer(onSecondStep);
  const jumpToNode = useJumpToNode();
  const form = usePlainForm('codeLogin', {
    account: [
      required(t('auth.accountRequired'), { whitespace: true }),
      schemaCheck(channel === 'email' ? ZEmail : ZMobile, t('auth.accountFormat')),
    ],
    code: codeChecks(t),
  });
  const target = () => form.validate(['account'])?.account;
  const submit = (values: Values) => {
    if (login.isPending) return;
    login.mutate(ZLoginByCodeRequest.parse({ account: values.account, code: values.code.trim() }), {
      onSuccess,
      onError: (error) => void jumpToNode(error, values.account),
    });
  };

  return (
    <form id="codeLogin" className="plain-form" noValidate onSubmit={form.onSubmit(submit)}>
      {login.error ? <ErrorAlert error={login.error} /> : null}
      <PlainField field={form.field('account')} label={channel === 'email' ? t('auth.email') : t('auth.mobile')}>
        {(control) => (
          <PlainInput
            {...control}
            field={form.field('account')}
            autoComplete={channel === 'email' ? 'email' : 'tel'}
            inputMode={channel === 'email' ? 'email' : 'tel'}
          />
        )}
      </PlainField>
      <PlainCodeField
        field={form.field('code')}
        channel={channel}
        purpose="login"
        getTarget={target}
        onError={jumpToNode}
      />
      <PlainButton type="submit" variant="primary" size="large" block loading={login.isPending}>
        {t('auth.submit')}
      </PlainButton>
    </form>
  );
}
