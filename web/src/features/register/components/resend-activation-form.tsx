/** Asks for the email of an unactivated account and mails a new activation link. */
import { useTranslation } from 'react-i18next';
import { SendLinkForm } from '@/components/send-link-form';
import { useSendActivateEmail } from '../api/send-activate-email';

export function ResendActivationForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('register');
  const send = useSendActivateEmail();
  return (
    <SendLinkForm name="resend-activation" send={send} submitLabel={t('register.sendActivation')} onSent={onSent} />
  );
}
