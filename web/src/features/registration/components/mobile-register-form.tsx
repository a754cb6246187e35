import { calls } from '@ac/protocol/calls';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { ContactField } from '@/components/contact-field';
import { FormError } from '@/components/form-error';
import { NewPasswordFields } from '@/components/new-password-fields';
import { useCallMutation } from '@/lib/api/use-call';
import { withBusinessSource } from '@/lib/tracked-params';
import { TermsField } from './terms-field';

type Values = { mobile: string; code: string; password: string; agree: boolean };

export function MobileRegisterForm({ onRegistered }: { onRegistered: (mobile: string) => void }) {
  const { t } = useTranslation('register');
  const register = useCallMutation(calls.registration.registerByMobile);
  const [form] = Form.useForm<Values>();

  const mobileTarget = async () => {
    try {
      const { mobile } = await form.validateFields(['mobile']);
      return mobile;
    } catch {
      return undefined;
    }
  };

  const submit = (v: Values) => {
    const mobile = v.mobile.trim();
    register.mutate(withBusinessSource({ mobile, code: v.code.trim(), password: v.password, agree: v.agree }), {
      onSuccess: () => onRegistered(mobile),
    });
  };

  return (
    <Form<Values>
      form={form}
      name="register-mobile"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={register.isPending}
    >
      <FormError error={register.error} />
      <ContactField kind="mobile" />
      <CodeField
        inputId="register-mobile_code"
        messageUnder="input"
        channel="sms"
        purpose="register"
        getTarget={mobileTarget}
        testId="register-send-code"
      />
      <NewPasswordFields labels="first" />
      <TermsField />
      <Button type="primary" htmlType="submit" block size="large" loading={register.isPending} style={{ marginTop: 8 }}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
