/**
 * China /password/mail_verify and /h5/password/mail_verify: the reset link
 * was sent to the address of the request (router state); without it, the
 * visitor can ask for a link again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormCard } from '@/components/form-card';
import { ResultCard } from '@/components/result-card';
import { stringFromState } from '@/lib/routing/router-state';
import { FindByEmailForm } from '../components/find-by-email-form';
import { ResetMailSent } from '../components/reset-mail-sent';

export function MailVerifyPage() {
  const { t } = useTranslation('password');
  const location = useLocation();
  const [email, setEmail] = useState(() => stringFromState(location.state, 'email'));
  if (!email) {
    return (
      <FormCard title={t('password.findTitle')} intro={t('password.findByEmailIntro')}>
        <FindByEmailForm onSent={setEmail} />
      </FormCard>
    );
  }
  return (
    <ResultCard testId="mail-verify">
      <ResetMailSent email={email} />
    </ResultCard>
  );
}
