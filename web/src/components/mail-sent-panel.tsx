/**
 * "We sent a mail to <email>" with a resend button that counts down
 * LINK_RESEND_SECONDS (the server refuses sooner with 1200004). Texts come
 * from the caller's namespace; the countdown label is common's.
 */
import { LINK_RESEND_SECONDS } from '@ac/protocol/registration';
import { Button, Result } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/lib/hooks/use-countdown';

type Props = {
  title: string;
  text: ReactNode;
  resendLabel: string;
  onResend: () => Promise<unknown>;
  resending: boolean;
  extra?: ReactNode;
};

export function MailSentPanel({ title, text, resendLabel, onResend, resending, extra }: Props) {
  const { t } = useTranslation('common');
  const [secondsLeft, start] = useCountdown();
  useEffect(() => start(LINK_RESEND_SECONDS), [start]);

  const resend = () =>
    onResend().then(
      () => start(LINK_RESEND_SECONDS),
      () => undefined,
    );

  return (
    <Result
      status="success"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle={text}
      extra={[
        <Button
          key="resend"
          onClick={() => void resend()}
          loading={resending}
          disabled={secondsLeft > 0}
          data-testid="mail-resend"
        >
          {secondsLeft > 0 ? t('common.resendIn', { count: secondsLeft }) : resendLabel}
        </Button>,
        extra,
      ]}
    />
  );
}
