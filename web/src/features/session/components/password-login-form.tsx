/** Account (email or mobile) and password, in plain markup (the login page loads no antd). */

import { calls } from '@ac/protocol/calls';
import { ZLoginRequest } from '@ac/protocol/session';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PlainButton } from '@/components/plain-button';
import { PlainField } from '@/components/plain-field';
import { PlainInput, PlainPasswordInput } from '@/components/plain-input';
import { useCallMutation } from '@/lib/api/use-call';
import { required } from '@/lib/forms/field-checks';
import { usePlainForm } from '@/lib/forms/use-plain-form';
import { useJumpToNode } from '../hooks/use-jump-to-node';
import { type OnSecondStep, useLoginAnswer } from '../hooks/use-login-success';

type Values = { account: string; password: string };

export function PasswordLoginForm({ onSecondStep }: { onSecondStep: OnSecondStep }) {
  const { t } = useTranslation(['auth', 'common']);
  const login = useCallMutation(calls.session.login);
  const onSuccess = useLoginAnswer(onSecondStep);
  const jumpToNode = useJumpToNode();
  const form = usePlainForm('login', {
    account: [required(t('auth.accountRequired'), { whitespace: true })],
    password: [required(t('auth.passwordRequired'))],
  });

  // an account on another server node: the jump-node screen (overseas) names it and links there
  const onError = (error: unknown, values: Values) => void jumpToNode(error, values.account);
  const submit = (values: Values) => {
    if (!login.isPending) login.mutate(ZLoginRequest.parse(values), { onSuccess, onError });
  };
  const pending = login.isPending;

  return (
    <form id="login" className="plain-form" noValidate onSubmit={form.onSubmit(submit)}>
      {login.error ? <ErrorAlert error={login.error} /> : null}
      <PlainField field={form.field('account')} label={t('auth.account')}>
        {(control) => (
          <PlainInput
            {...control}
            field={form.field('account')}
            autoComplete="username"
            placeholder={t('auth.accountPlaceholder')}
            disabled={pending}
          />
        )}
      </PlainField>
      <PlainField field={form.field('password')} label={t('auth.password')}>
        {(control) => (
          <PlainPasswordInput
            {...control}
            field={form.field('password')}
            autoComplete="current-password"
            disabled={pending}
          />
        )}
      </PlainField>
      <PlainButton type="submit" variant="primary" size="large" block loading={pending}>
        {t('auth.submit')}
      </PlainButton>
    </form>
  );
}
