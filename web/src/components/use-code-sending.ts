/**
 * What a "Send code" button does, whatever draws it (antd's in antd forms, plain markup on the
 * login page): sends by mail or SMS, counts down the server's resendAfter, and when the server
 * wants an image captcha first (1100010) asks for it and sends again with the ticket.
 */
import { errorCode } from '@ac/client';
import { Code } from '@ac/protocol/codes';
import type { TCodePurpose } from '@ac/protocol/enums';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/lib/hooks/use-countdown';
import { type CodeChannel, useSendCode } from '@/lib/verification/send-code';
import { useNotice } from './notice';
import { useErrorText } from './use-error-text';

export type CodeSendingOptions = {
  channel: CodeChannel;
  purpose: TCodePurpose;
  /** The address to send to, or undefined when the form shows its own error. */
  getTarget: () => Promise<string | undefined> | string | undefined;
  /** Handles a refusal itself (returns true), e.g. 0300069 → the jump-node screen; otherwise a notice shows it. */
  onError?: (error: unknown, target: string) => boolean;
};

export function useCodeSending({ channel, purpose, getTarget, onError }: CodeSendingOptions) {
  const { t } = useTranslation('common');
  const notice = useNotice();
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
          notice.success(t('common.codeSent'));
        },
        onError: (error) => {
          if (errorCode(error) === Code.captchaRequired) setCaptchaFor(target);
          else if (!onError?.(error, target)) notice.error(errorText(error));
        },
      },
    );

  return {
    /** Reads the target and sends to it. */
    start: async () => {
      const target = (await getTarget())?.trim();
      if (target) send(target);
    },
    sending: sendCode.isPending,
    secondsLeft,
    /** The button's text: "Send code", or the seconds before it may be sent again. */
    label: secondsLeft > 0 ? t('common.resendIn', { count: secondsLeft }) : t('common.sendCode'),
    /** The image captcha's dialog: open while the server wants one before sending. */
    captcha: {
      open: captchaFor !== undefined,
      onCancel: () => setCaptchaFor(undefined),
      onTicket: (ticket: string) => {
        const target = captchaFor;
        setCaptchaFor(undefined);
        if (target) send(target, ticket);
      },
    },
  };
}
