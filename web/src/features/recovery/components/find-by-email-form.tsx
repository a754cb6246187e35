/** Forgotten password by email: mails a reset link (the answer is the same for any address). */
import { useTranslation } from 'react-i18next';
import { SendLinkForm } from '@/components/send-link-form';
import { useSendResetMail } from '../api/send-reset-mail';

export function FindByEmailForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('password');
  const send = useSendResetMail();
  return (
    <SendLinkForm name="find-password" send={send} submitLabel={t('password.sendLink')} size="large" onSent={onSent} />
  );
}
