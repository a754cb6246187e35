import { calls } from '@ac/protocol/calls';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { ContactField } from '@/components/contact-field';
import { FormError } from '@/components/form-error';
import { NewPasswordFields } from '@/components/new-password-fields';
import { useCallMutation } from '@/lib/api/use-call';

type Values = { mobile: string; code: string; password: string };

export function FindByMobileForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('password');
  const update = useCallMutation(calls.recovery.resetByLinkOrCode);
  const [form] = Form.useForm<Values>();

  const mobileTarget = async () => {
    try {
      return (await form.validateFields(['mobile'])).mobile;
    } catch {
      return undefined;
    }
  };
  const submit = (v: Values) =>
    update.mutate({ mobile: v.mobile.trim(), code: v.code.trim(), password: v.password }, { onSuccess: onDone });

  return (
    <Form<Values> form={form} name="find-mobile" layout="vertical" requiredMark={false} onFinish={submit}>
      <FormError error={update.error} />
      <ContactField kind="mobile" />
      <CodeField
        inputId="find-mobile_code"
        messageUnder="input"
        channel="sms"
        purpose="findPwd"
        getTarget={mobileTarget}
        testId="find-send-code"
      />
      <NewPasswordFields labels="new" />
      <Button type="primary" htmlType="submit" block size="large" loading={update.isPending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
