/** A failed passkey action's text: the browser's ceremony not done, or the call's catalogue message. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PasskeyNotUsed } from '@/lib/passkeys/passkeys';
import { useErrorText } from './use-error-text';

export function usePasskeyErrorText(): (error: unknown) => string {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) =>
      error instanceof PasskeyNotUsed
        ? t(error.alreadyRegistered ? 'common.passkeyExists' : 'common.passkeyNotUsed')
        : errorText(error),
    [t, errorText],
  );
}
