/**
 * The second step of a login with two-step verification on
 * (docs/protocol.md#two-factor): a code from the authenticator app or a
 * recovery code for the ticket the first step earned — or one of the
 * account's passkeys when it has some — and "trust this browser". Plain markup like the rest of the login page.
 */

import { calls } from '@ac/protocol/calls';
import { TRUSTED_BROWSER_DAYS, type TSecondStepRequired, ZSecondFactorCode } from '@ac/protocol/two-factor';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PlainButton } from '@/components/plain-button';
import { PlainField } from '@/components/plain-field';
import { PlainInput } from '@/components/plain-input';
import { usePasskeyErrorText } from '@/components/use-passkey-error-text';
import { apiCall } from '@/lib/api/api-client';
import { useCallMutation } from '@/lib/api/use-call';
import { required, schemaCheck } from '@/lib/forms/field-checks';
import { usePlainForm } from '@/lib/forms/use-plain-form';
import { getPasskey, passkeysSupported } from '@/lib/passkeys/passkeys';
import { useLoginSuccess } from '../hooks/use-login-success';

type Props = { secondStep: TSecondStepRequired['secondStep']; onCancel: () => void };

export function SecondStepForm({ secondStep, onCancel }: Props) {
  const { t } = useTranslation(['auth', 'common']);
  const finish = useCallMutation(calls.session.loginSecondStep);
  const onSuccess = useLoginSuccess();
  const [trustBrowser, setTrustBrowser] = useState(false);
  const form = usePlainForm('secondStep', {
    code: [
      required(t('auth.secondStepCodeRequired'), { whitespace: true }),
      schemaCheck(ZSecondFactorCode, t('auth.secondStepCodeFormat')),
    ],
  });
  const passkeyErrorText = usePasskeyErrorText();
  const withPasskey = useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await apiCall(calls.session.passkeySecondStepOptions, {
        ticket: secondStep.ticket,
      });
      const response = await getPasskey(options);
      return apiCall(calls.session.loginSecondStepPasskey, {
        ticket: secondStep.ticket,
        challengeId,
        response,
        trustBrowser,
      });
    },
    onSuccess,
  });
  const offerPasskey = secondStep.methods.includes('passkey') && passkeysSupported();
  const submit = (values: { code: string }) => {
    if (finish.isPending) return;
    finish.mutate({ ticket: secondStep.ticket, code: values.code.trim(), trustBrowser }, { onSuccess });
  };

  return (
    <form id="secondStep" className="plain-form" noValidate onSubmit={form.onSubmit(submit)}>
      <p className="login-description">{t('auth.secondStepText')}</p>
      {finish.error ? <ErrorAlert error={finish.error} /> : null}
      {withPasskey.error ? <ErrorAlert error={withPasskey.error} text={passkeyErrorText(withPasskey.error)} /> : null}
      <PlainField field={form.field('code')} label={t('auth.secondStepCode')}>
        {(control) => (
          <PlainInput
            {...control}
            field={form.field('code')}
            autoComplete="one-time-code"
            autoFocus
            placeholder={t('auth.secondStepCodePlaceholder')}
            disabled={finish.isPending}
          />
        )}
      </PlainField>
      <label className="plain-checkbox">
        <input
          type="checkbox"
          name="trustBrowser"
          checked={trustBrowser}
          onChange={(event) => setTrustBrowser(event.target.checked)}
        />
        <span>{t('auth.trustBrowser', { days: TRUSTED_BROWSER_DAYS })}</span>
      </label>
      <PlainButton type="submit" variant="primary" size="large" block loading={finish.isPending}>
        {t('auth.secondStepSubmit')}
      </PlainButton>
      {offerPasskey ? (
        <PlainButton
          block
          size="large"
          className="second-step-passkey"
          data-testid="second-step-passkey"
          loading={withPasskey.isPending}
          disabled={finish.isPending}
          onClick={() => withPasskey.mutate()}
        >
          {t('auth.passkeyUse')}
        </PlainButton>
      ) : null}
      <PlainButton variant="link" block className="login-method-switch" onClick={onCancel}>
        {t('auth.backToLogin')}
      </PlainButton>
    </form>
  );
}
