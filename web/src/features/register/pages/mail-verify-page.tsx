/**
 * /site/register/mail_verify (overseas) and /register/mail_verify (China):
 * the activation mail was sent to the address of the registration (router
 * state); without it, the visitor can ask for a new link.
 */
import { Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormCard } from '@/components/form-card';
import { ActivationMailSent } from '../components/activation-mail-sent';
import { ResendActivationForm } from '../components/resend-activation-form';

const emailOf = (state: unknown): string | undefined =>
  state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : undefined;

export function MailVerifyPage() {
  const { t } = useTranslation('register');
  const location = useLocation();
  const [email, setEmail] = useState(() => emailOf(location.state));
  if (!email) {
    return (
      <FormCard title={t('register.mailVerifyTitle')} intro={t('register.resendIntro')}>
        <ResendActivationForm onSent={setEmail} />
      </FormCard>
    );
  }
  return (
    <Flex justify="center" style={{ padding: '16px 0' }}>
      <Card style={{ width: '100%', maxWidth: 560 }} data-testid="mail-verify">
        <ActivationMailSent email={email} />
      </Card>
    </Flex>
  );
}
