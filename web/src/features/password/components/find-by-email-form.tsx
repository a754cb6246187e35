/** Forgotten password by email: mails a reset link (the answer is the same for any address). */
import { useTranslation } from 'react-i18next';
import { SendLinkForm } from '@/components/send-link-form';
import { useSendFindPwdEmail } from '../api/send-find-pwd-email';

export function FindByEmailForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('password');
  const send = useSendFindPwdEmail();
  return (
    <SendLinkForm name="find-password" send={send} submitLabel={t('password.sendLink')} size="large" onSent={onSent} />
  );
}
