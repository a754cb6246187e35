/**
 * "Send code" in plain markup, for pages that load no antd (the login page): the sending,
 * countdown and captcha of components/use-code-sending.ts; the captcha dialog (antd) loads the
 * first time the server asks for one.
 */
import { lazy, Suspense, useState } from 'react';
import { PlainButton } from './plain-button';
import { type CodeSendingOptions, useCodeSending } from './use-code-sending';

const CaptchaDialog = lazy(() => import('./captcha-dialog').then((m) => ({ default: m.CaptchaDialog })));

export function PlainSendCodeButton({ testId, ...options }: CodeSendingOptions & { testId?: string }) {
  const sending = useCodeSending(options);
  // once loaded the dialog stays, so that it closes with antd's animation
  const [captchaShown, setCaptchaShown] = useState(false);
  if (sending.captcha.open && !captchaShown) setCaptchaShown(true);
  return (
    <>
      <PlainButton
        size="large"
        className="send-code-button"
        onClick={() => void sending.start()}
        loading={sending.sending}
        disabled={sending.secondsLeft > 0}
        data-testid={testId}
      >
        {sending.label}
      </PlainButton>
      {captchaShown ? (
        <Suspense fallback={null}>
          <CaptchaDialog {...sending.captcha} />
        </Suspense>
      ) : null}
    </>
  );
}
