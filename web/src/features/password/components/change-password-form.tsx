/**
 * One tab of the change-password page: verify with the current password or
 * with a code sent to the user's own mobile, then the new password twice.
 */
import { calls } from '@ac/protocol/calls';
import { formatMobile } from '@ac/protocol/mobile-display';
import type { TUpdatePasswordRequest } from '@ac/protocol/profile';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { FormError } from '@/components/form-error';
import { NewPasswordFields } from '@/components/new-password-fields';
import { useSecondFactorRetry } from '@/components/second-factor-modal';
import { useCallMutation } from '@/lib/api/use-call';

type Values = { oldPassword?: string; mobileCode?: string; password: string; confirmPassword: string };
type Props = { type: TUpdatePasswordRequest['type']; mobile: string | null };

export function ChangePasswordForm({ type, mobile }: Props) {
  const { t } = useTranslation(['security', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useCallMutation(calls.password.update);
  const secondFactor = useSecondFactorRetry();

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
      // two-step verification on: a second factor of the last 10 minutes first, then the change again
      onError: (error) => void secondFactor.onError(error, () => submit(v)),
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
            <Input id={`changePassword-${type}_mobile`} value={mobile ? formatMobile(mobile) : ''} disabled />
          </Form.Item>
          <CodeField
            name="mobileCode"
            inputId={`changePassword-${type}_mobileCode`}
            channel="sms"
            purpose="changePassword"
            getTarget={() => mobile ?? undefined}
          />
        </>
      )}
      <NewPasswordFields labels="new" />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common.save')}
      </Button>
      {secondFactor.modal}
    </Form>
  );
}
