/** "A reset link was sent to <email>" with a resend that counts down. */
import { App, Button } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailSentPanel } from '@/components/mail-sent-panel';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { useSendFindPwdEmail } from '../api/send-find-pwd-email';

export function ResetMailSent({ email }: { email: string }) {
  const { t } = useTranslation('password');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const send = useSendFindPwdEmail();
  const resend = () =>
    send.mutateAsync({ email }).then(
      () => void message.success(t('password.mailResent')),
      (error: unknown) => {
        void message.error(errorText(error));
        throw error;
      },
    );
  return (
    <MailSentPanel
      title={t('password.mailVerifyTitle')}
      text={
        <span data-testid="mail-sent-text">
          <Trans t={t} i18nKey="password.mailSentTo" values={{ email }} components={{ strong: <strong /> }} />
        </span>
      }
      resendLabel={t('password.resend')}
      onResend={resend}
      resending={send.isPending}
      extra={
        <Link key="login" to={paths.login.getHref()}>
          <Button type="primary">{t('password.toLogin')}</Button>
        </Link>
      }
    />
  );
}
