/** China: a new password with the SMS code of purpose findPwd sent to the account's mobile. */
import { ZMobile } from '@ac/protocol/common';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { FormError } from '@/components/form-error';
import { NewPasswordFields } from '@/components/new-password-fields';
import { zodRule } from '@/lib/forms/zod-rule';
import { useUpdateForFindPwd } from '../api/update-for-find-pwd';

type Values = { mobile: string; code: string; password: string };

export function FindByMobileForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('password');
  const update = useUpdateForFindPwd();
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
      <Form.Item
        name="mobile"
        label={t('password.mobile')}
        rules={[
          { required: true, whitespace: true, message: t('password.mobileRequired') },
          zodRule(ZMobile, t('password.wrongFormat')),
        ]}
      >
        <Input autoComplete="tel" inputMode="tel" />
      </Form.Item>
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
