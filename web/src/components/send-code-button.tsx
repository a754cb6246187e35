/** "Send code" in antd forms (components/use-code-sending.ts does the sending, countdown and captcha). */
import { Button } from 'antd';
import { CaptchaModal } from './captcha-modal';
import { type CodeSendingOptions, useCodeSending } from './use-code-sending';

type Props = CodeSendingOptions & { size?: 'middle' | 'large'; testId?: string };

export function SendCodeButton({ size = 'middle', testId, ...options }: Props) {
  const sending = useCodeSending(options);
  return (
    <>
      <Button
        size={size}
        onClick={() => void sending.start()}
        loading={sending.sending}
        disabled={sending.secondsLeft > 0}
        style={{ minWidth: 132 }}
        data-testid={testId}
      >
        {sending.label}
      </Button>
      <CaptchaModal {...sending.captcha} />
    </>
  );
}
