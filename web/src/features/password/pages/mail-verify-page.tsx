/**
 * China /password/mail_verify and /h5/password/mail_verify: the reset link
 * was sent to the address of the request (router state); without it, the
 * visitor can ask for a link again.
 */
import { Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FormCard } from '@/components/form-card';
import { FindByEmailForm } from '../components/find-by-email-form';
import { ResetMailSent } from '../components/reset-mail-sent';

const emailOf = (state: unknown): string | undefined =>
  state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : undefined;

export function MailVerifyPage() {
  const { t } = useTranslation('password');
  const location = useLocation();
  const [email, setEmail] = useState(() => emailOf(location.state));
  if (!email) {
    return (
      <FormCard title={t('password.findTitle')} intro={t('password.findByEmailIntro')}>
        <FindByEmailForm onSent={setEmail} />
      </FormCard>
    );
  }
  return (
    <Flex justify="center" style={{ padding: '16px 0' }}>
      <Card style={{ width: '100%', maxWidth: 560 }} data-testid="mail-verify">
        <ResetMailSent email={email} />
      </Card>
    </Flex>
  );
}
