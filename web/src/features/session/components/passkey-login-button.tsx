/**
 * "Sign in with a passkey" (docs/decisions/0047-passkeys.md): no account or
 * password; the browser offers the passkeys it has for this site (discoverable
 * credentials) and the server's answer is a session. Hidden where the browser
 * cannot use passkeys. Plain markup like the rest of the login page.
 */

import { calls } from '@ac/protocol/calls';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PlainButton } from '@/components/plain-button';
import { usePasskeyErrorText } from '@/components/use-passkey-error-text';
import { apiCall } from '@/lib/api/api-client';
import { getPasskey, passkeysSupported } from '@/lib/passkeys/passkeys';
import { useLoginSuccess } from '../hooks/use-login-success';

export function PasskeyLoginButton() {
  const { t } = useTranslation(['auth', 'common']);
  const onSuccess = useLoginSuccess();
  const passkeyErrorText = usePasskeyErrorText();
  const signIn = useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await apiCall(calls.session.passkeyLoginOptions, {});
      const response = await getPasskey(options);
      return apiCall(calls.session.passkeyLogin, { challengeId, response });
    },
    onSuccess,
  });
  if (!passkeysSupported()) return null;
  return (
    <>
      {signIn.error ? <ErrorAlert error={signIn.error} text={passkeyErrorText(signIn.error)} /> : null}
      <PlainButton
        block
        size="large"
        className="login-passkey"
        data-testid="passkey-login"
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
      >
        {t('auth.passkeySignIn')}
      </PlainButton>
    </>
  );
}
