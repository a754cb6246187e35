/**
 * /site/register/mail_verify (overseas; China's sends to /register): the
 * activation mail was sent to the address of the registration (router
 * state); without it, the visitor can ask for a new link.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormCard } from '@/components/form-card';
import { ResultCard } from '@/components/result-card';
import { stringFromState } from '@/lib/routing/router-state';
import { ActivationMailSent } from '../components/activation-mail-sent';
import { ResendActivationForm } from '../components/resend-activation-form';

export function MailVerifyPage() {
  const { t } = useTranslation('register');
  const location = useLocation();
  const [email, setEmail] = useState(() => stringFromState(location.state, 'email'));
  if (!email) {
    return (
      <FormCard title={t('register.mailVerifyTitle')} intro={t('register.resendIntro')}>
        <ResendActivationForm onSent={setEmail} />
      </FormCard>
    );
  }
  return (
    <ResultCard testId="mail-verify">
      <ActivationMailSent email={email} />
    </ResultCard>
  );
}
