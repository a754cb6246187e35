/** "A reset link was sent to <email>" with a resend that counts down. */
import { Trans, useTranslation } from 'react-i18next';
import { MailSentPanel } from '@/components/mail-sent-panel';
import { useSendResetMail } from '../api/send-reset-mail';

export function ResetMailSent({ email }: { email: string }) {
  const { t } = useTranslation('password');
  const send = useSendResetMail();
  return (
    <MailSentPanel
      title={t('password.mailVerifyTitle')}
      text={<Trans t={t} i18nKey="password.mailSentTo" values={{ email }} components={{ strong: <strong /> }} />}
      resend={() => send.mutateAsync({ email })}
      resending={send.isPending}
    />
  );
}
