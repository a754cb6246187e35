/**
 * One tab of the change-password page: verify with the current password or
 * with a code sent to the user's own mobile, then the new password twice.
 */
import type { TUpdatePasswordRequest } from '@ac/protocol/profile';
import { App, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { NewPasswordFields } from '@/components/new-password-fields';
import { SendCodeButton } from '@/components/send-code-button';
import { useUpdatePassword } from '../api/update-password';

type Values = { oldPassword?: string; mobileCode?: string; password: string; confirmPassword: string };
type Props = { type: TUpdatePasswordRequest['type']; mobile: string | null };

export function ChangePasswordForm({ type, mobile }: Props) {
  const { t } = useTranslation(['security', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdatePassword();

  const submit = (v: Values) => {
    const payload: TUpdatePasswordRequest =
      type === 'password'
        ? { type, oldPassword: v.oldPassword ?? '', newPassword: v.password }
        : { type, mobileCode: (v.mobileCode ?? '').trim(), newPassword: v.password };
    update.mutate(payload, {
      onSuccess: () => {
        form.resetFields();
        void message.success(t('security.passwordChanged'));
      },
    });
  };

  return (
    <Form<Values>
      form={form}
      name={`changePassword-${type}`}
      layout="vertical"
      style={{ maxWidth: 480 }}
      onFinish={submit}
    >
      <FormError error={update.error} />
      {type === 'password' ? (
        <Form.Item
          name="oldPassword"
          label={t('security.currentPassword')}
          rules={[{ required: true, message: t('common.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      ) : (
        <>
          <Form.Item label={t('security.mobile')} htmlFor={`changePassword-${type}_mobile`}>
            <Input id={`changePassword-${type}_mobile`} value={mobile ?? ''} disabled />
          </Form.Item>
          <Form.Item label={t('security.code')} htmlFor={`changePassword-${type}_mobileCode`} required>
            <Flex gap={8}>
              <Form.Item
                name="mobileCode"
                noStyle
                rules={[
                  { required: true, message: t('security.codeRequired') },
                  { pattern: /^\s*\d{6}\s*$/, message: t('security.codeFormat') },
                ]}
              >
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </Form.Item>
              <SendCodeButton channel="sms" purpose="changePassword" getTarget={() => mobile ?? undefined} />
            </Flex>
          </Form.Item>
        </>
      )}
      <NewPasswordFields labels="new" />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
