/**
 * /site/register/mail_verify (overseas; China's sends to /register): the
 * activation mail was sent to the address of the registration (router
 * state); without it, the visitor can ask for a new link.
 */
import { useTranslation } from 'react-i18next';
import { MailVerifyFrame } from '@/components/mail-verify-frame';
import { ActivationMailSent } from '../components/activation-mail-sent';
import { ResendActivationForm } from '../components/resend-activation-form';

export function MailVerifyPage() {
  const { t } = useTranslation('register');
  return (
    <MailVerifyFrame
      title={t('register.mailVerifyTitle')}
      intro={t('register.resendIntro')}
      askForm={(onSent) => <ResendActivationForm onSent={onSent} />}
      sent={(email) => <ActivationMailSent email={email} />}
    />
  );
}
