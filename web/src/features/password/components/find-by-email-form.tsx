/** Forgotten password by email: mails a reset link (the answer is the same for any address). */
import { ZEmail } from '@ac/protocol/common';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { zodRule } from '@/lib/forms/zod-rule';
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
      <Form.Item
        name="email"
        label={t('password.email')}
        rules={[
          { required: true, whitespace: true, message: t('password.emailRequired') },
          zodRule(ZEmail, t('password.wrongFormat')),
        ]}
      >
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={send.isPending}>
        {t('password.sendLink')}
      </Button>
    </Form>
  );
}
