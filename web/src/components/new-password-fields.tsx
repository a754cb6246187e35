/**
 * A new password under the one policy (protocol ZNewPassword), its strength
 * meter (weak / medium / strong) and its confirmation, inside an antd Form.
 * Its texts are the `common` namespace's password keys, the same on every form.
 */
import { type PasswordStrength, passwordStrength, ZNewPassword } from '@ac/protocol/password';
import { Flex, Form, Input, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/forms/zod-rule';

const COLORS: Record<PasswordStrength, { percent: number; color: string }> = {
  weak: { percent: 33, color: '#cf1322' },
  medium: { percent: 66, color: '#ad4e00' },
  strong: { percent: 100, color: '#237804' },
};

function StrengthMeter({ password }: { password: string | undefined }) {
  const { t } = useTranslation('common');
  if (!password) return null;
  const strength = passwordStrength(password);
  const level = COLORS[strength];
  const label = {
    weak: t('common.strengthWeak'),
    medium: t('common.strengthMedium'),
    strong: t('common.strengthStrong'),
  }[strength];
  return (
    <Flex gap={12} align="center" data-testid="password-strength" data-strength={strength}>
      <Progress percent={level.percent} showInfo={false} strokeColor={level.color} size="small" style={{ flex: 1 }} />
      <Typography.Text style={{ color: level.color, minWidth: 96 }}>
        {t('common.passwordStrength')}: {label}
      </Typography.Text>
    </Flex>
  );
}

type Props = {
  /** `new` labels the fields "New password" / "Confirm new password" (reset, change); `first` "Password" / "Confirm password" (register). */
  labels: 'new' | 'first';
};

/** Fields `password` and `confirmPassword`. */
export function NewPasswordFields({ labels }: Props) {
  const { t } = useTranslation('common');
  const form = Form.useFormInstance();
  const password = Form.useWatch<string | undefined>('password', form);
  return (
    <>
      <Form.Item
        name="password"
        label={labels === 'new' ? t('common.newPassword') : t('common.password')}
        extra={t('common.passwordPolicy')}
        rules={[
          { required: true, message: t('common.passwordRequired') },
          zodRule(ZNewPassword, t('common.passwordPolicy')),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <div style={{ marginTop: -8, marginBottom: 16 }}>
        <StrengthMeter password={password} />
      </div>
      <Form.Item
        name="confirmPassword"
        label={labels === 'new' ? t('common.confirmNewPassword') : t('common.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('common.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('common.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
