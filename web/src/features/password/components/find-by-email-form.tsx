/** Forgotten password by email: mails a reset link (the answer is the same for any address). */
import { ZEmail } from '@ac/protocol/common';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactField } from '@/components/contact-field';
import { FormError } from '@/components/form-error';
import { useSendFindPwdEmail } from '../api/send-find-pwd-email';

export function FindByEmailForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('password');
  const send = useSendFindPwdEmail();
  const submit = ({ email }: { email: string }) => {
    const address = ZEmail.parse(email);
    send.mutate({ email: address }, { onSuccess: () => onSent(address) });
  };
  return (
    <Form<{ email: string }> name="find-password" layout="vertical" requiredMark={false} onFinish={submit}>
      <FormError error={send.error} />
      <ContactField kind="email" />
      <Button type="primary" htmlType="submit" block size="large" loading={send.isPending}>
        {t('password.sendLink')}
      </Button>
    </Form>
  );
}
