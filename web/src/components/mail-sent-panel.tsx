/**
 * "We sent a mail to <email>" with a resend button that counts down
 * LINK_RESEND_SECONDS (the server refuses sooner with 1200004) and the way
 * to the login page. The title and text come from the caller's namespace;
 * the buttons and messages are common's.
 */
import { LINK_RESEND_SECONDS } from '@ac/protocol/registration';
import { App, Button, Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCountdown } from '@/lib/hooks/use-countdown';
import { useErrorText } from './use-error-text';

type Props = {
  title: string;
  text: ReactNode;
  /** Sends the mail again. */
  resend: () => Promise<unknown>;
  resending: boolean;
};

export function MailSentPanel({ title, text, resend, resending }: Props) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [secondsLeft, start] = useCountdown();
  useEffect(() => start(LINK_RESEND_SECONDS), [start]);

  const onResend = () =>
    resend().then(
      () => {
        void message.success(t('common.mailResent'));
        start(LINK_RESEND_SECONDS);
      },
      (error: unknown) => void message.error(errorText(error)),
    );

  return (
    <Result
      status="success"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle={<span data-testid="mail-sent-text">{text}</span>}
      extra={[
        <Button
          key="resend"
          onClick={() => void onResend()}
          loading={resending}
          disabled={secondsLeft > 0}
          data-testid="mail-resend"
        >
          {secondsLeft > 0 ? t('common.resendIn', { count: secondsLeft }) : t('common.resendEmail')}
        </Button>,
        <Link key="login" to={paths.login.getHref()}>
          <Button type="primary">{t('common.toLogin')}</Button>
        </Link>,
      ]}
    />
  );
}
