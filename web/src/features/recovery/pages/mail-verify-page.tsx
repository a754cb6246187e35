/**
 * China /password/mail_verify and /h5/password/mail_verify: the reset link
 * was sent to the address of the request (router state); without it, the
 * visitor can ask for a link again.
 */
import { useTranslation } from 'react-i18next';
import { MailVerifyFrame } from '@/components/mail-verify-frame';
import { FindByEmailForm } from '../components/find-by-email-form';
import { ResetMailSent } from '../components/reset-mail-sent';

export function MailVerifyPage() {
  const { t } = useTranslation('password');
  return (
    <MailVerifyFrame
      title={t('password.findTitle')}
      intro={t('password.findByEmailIntro')}
      askForm={(onSent) => <FindByEmailForm onSent={onSent} />}
      sent={(email) => <ResetMailSent email={email} />}
    />
  );
}
