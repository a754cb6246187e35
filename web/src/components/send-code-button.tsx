/**
 * "Send code" for any purpose: sends by mail or SMS, counts down the
 * server's resendAfter, and when the server wants an image captcha first
 * (1100010) asks for it and sends again with the ticket.
 */

import { errorCode } from '@ac/client';
import { Code } from '@ac/protocol/codes';
import type { TCodePurpose } from '@ac/protocol/enums';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/lib/hooks/use-countdown';
import { type CodeChannel, useSendCode } from '@/lib/verification/send-code';
import { CaptchaModal } from './captcha-modal';
import { useErrorText } from './use-error-text';

type Props = {
  channel: CodeChannel;
  purpose: TCodePurpose;
  /** The address to send to, or undefined when the form shows its own error. */
  getTarget: () => Promise<string | undefined> | string | undefined;
  size?: 'middle' | 'large';
  testId?: string;
  /** Handles a refusal itself (returns true), e.g. 0300069 → the jump-node screen; otherwise a message shows it. */
  onError?: (error: unknown, target: string) => boolean;
};

export function SendCodeButton({ channel, purpose, getTarget, size = 'middle', testId, onError }: Props) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const sendCode = useSendCode();
  const [secondsLeft, startCountdown] = useCountdown();
  const [captchaFor, setCaptchaFor] = useState<string>();

  const send = (target: string, ticket?: string) =>
    sendCode.mutate(
      { channel, target, purpose, ticket },
      {
        onSuccess: ({ resendAfter }) => {
          startCountdown(resendAfter);
          void message.success(t('common.codeSent'));
        },
        onError: (error) => {
          if (errorCode(error) === Code.captchaRequired) setCaptchaFor(target);
          else if (!onError?.(error, target)) void message.error(errorText(error));
        },
      },
    );

  const onClick = async () => {
    const target = (await getTarget())?.trim();
    if (target) send(target);
  };

  return (
    <>
      <Button
        size={size}
        onClick={() => void onClick()}
        loading={sendCode.isPending}
        disabled={secondsLeft > 0}
        style={{ minWidth: 132 }}
        data-testid={testId}
      >
        {secondsLeft > 0 ? t('common.resendIn', { count: secondsLeft }) : t('common.sendCode')}
      </Button>
      <CaptchaModal
        open={captchaFor !== undefined}
        onCancel={() => setCaptchaFor(undefined)}
        onTicket={(ticket) => {
          const target = captchaFor;
          setCaptchaFor(undefined);
          if (target) send(target, ticket);
        }}
      />
    </>
  );
}
