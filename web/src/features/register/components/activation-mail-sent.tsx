/** "An activation mail was sent to <email>" with a resend that counts down. */
import { App, Button } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailSentPanel } from '@/components/mail-sent-panel';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { useSendActivateEmail } from '../api/send-activate-email';

export function ActivationMailSent({ email }: { email: string }) {
  const { t } = useTranslation('register');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const send = useSendActivateEmail();
  const resend = () =>
    send.mutateAsync({ email }).then(
      () => void message.success(t('register.mailResent')),
      (error: unknown) => {
        void message.error(errorText(error));
        throw error;
      },
    );
  return (
    <MailSentPanel
      title={t('register.mailVerifyTitle')}
      text={
        <span data-testid="mail-sent-text">
          <Trans t={t} i18nKey="register.mailSentTo" values={{ email }} components={{ strong: <strong /> }} />
        </span>
      }
      resendLabel={t('register.resend')}
      onResend={resend}
      resending={send.isPending}
      extra={
        <Link key="login" to={paths.login.getHref()}>
          <Button type="primary">{t('register.toLogin')}</Button>
        </Link>
      }
    />
  );
}
