/** "An activation mail was sent to <email>" with a resend that counts down. */
import { calls } from '@ac/protocol/calls';
import { Trans, useTranslation } from 'react-i18next';
import { MailSentPanel } from '@/components/mail-sent-panel';
import { useCallMutation } from '@/lib/api/use-call';

export function ActivationMailSent({ email }: { email: string }) {
  const { t } = useTranslation('register');
  const send = useCallMutation(calls.registration.sendActivateEmail);
  return (
    <MailSentPanel
      title={t('register.mailVerifyTitle')}
      text={<Trans t={t} i18nKey="register.mailSentTo" values={{ email }} components={{ strong: <strong /> }} />}
      resend={() => send.mutateAsync({ email })}
      resending={send.isPending}
    />
  );
}
