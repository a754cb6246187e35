/** New password (policy of docs/protocol.md#passwords, strength meter) and its confirmation, inside a Form. */
import { ZNewPassword } from '@ac/protocol/password';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/forms/zod-rule';
import { PasswordStrength } from './password-strength';

export function NewPasswordFields() {
  const { t } = useTranslation('security');
  const form = Form.useFormInstance();
  const password = Form.useWatch<string | undefined>('newPassword', form);
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t('security.newPassword')}
        extra={t('security.passwordPolicy')}
        rules={[
          { required: true, message: t('security.passwordRequired') },
          zodRule(ZNewPassword, t('security.passwordPolicy')),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <div style={{ marginTop: -8, marginBottom: 16 }}>
        <PasswordStrength password={password} />
      </div>
      <Form.Item
        name="confirmPassword"
        label={t('security.confirmPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('security.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('security.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
