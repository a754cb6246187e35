/** Asks for the email of an unactivated account and mails a new activation link. */
import { calls } from '@ac/protocol/calls';
import { useTranslation } from 'react-i18next';
import { SendLinkForm } from '@/components/send-link-form';
import { useCallMutation } from '@/lib/api/use-call';

export function ResendActivationForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('register');
  const send = useCallMutation(calls.registration.sendActivateEmail);
  return (
    <SendLinkForm name="resend-activation" send={send} submitLabel={t('register.sendActivation')} onSent={onSent} />
  );
}
