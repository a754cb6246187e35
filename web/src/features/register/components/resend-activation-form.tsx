/** Asks for the email of an unactivated account and mails a new activation link. */
import { ZEmail } from '@ac/protocol/common';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactField } from '@/components/contact-field';
import { FormError } from '@/components/form-error';
import { useSendActivateEmail } from '../api/send-activate-email';

export function ResendActivationForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('register');
  const send = useSendActivateEmail();
  const submit = ({ email }: { email: string }) => {
    const address = ZEmail.parse(email);
    send.mutate({ email: address }, { onSuccess: () => onSent(address) });
  };
  return (
    <Form<{ email: string }> name="resend-activation" layout="vertical" requiredMark={false} onFinish={submit}>
      <FormError error={send.error} />
      <ContactField kind="email" />
      <Button type="primary" htmlType="submit" block loading={send.isPending}>
        {t('register.sendActivation')}
      </Button>
    </Form>
  );
}
