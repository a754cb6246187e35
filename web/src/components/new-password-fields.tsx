/**
 * A new password under the one policy (protocol ZNewPassword), its strength
 * meter (weak / medium / strong) and its confirmation, inside an antd Form.
 * Texts come from the caller's namespace, so each feature keeps its own keys.
 */
import { type PasswordStrength, passwordStrength, ZNewPassword } from '@ac/protocol/password';
import { Flex, Form, Input, Progress, Typography } from 'antd';
import { zodRule } from '@/lib/forms/zod-rule';

export type NewPasswordTexts = {
  password: string;
  confirm: string;
  required: string;
  confirmRequired: string;
  policy: string;
  mismatch: string;
  strength: string;
  levels: Record<PasswordStrength, string>;
};

const COLORS: Record<PasswordStrength, { percent: number; color: string }> = {
  weak: { percent: 33, color: '#cf1322' },
  medium: { percent: 66, color: '#ad4e00' },
  strong: { percent: 100, color: '#237804' },
};

function StrengthMeter({ password, texts }: { password: string | undefined; texts: NewPasswordTexts }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const level = COLORS[strength];
  return (
    <Flex gap={12} align="center" data-testid="password-strength" data-strength={strength}>
      <Progress percent={level.percent} showInfo={false} strokeColor={level.color} size="small" style={{ flex: 1 }} />
      <Typography.Text style={{ color: level.color, minWidth: 96 }}>
        {texts.strength}: {texts.levels[strength]}
      </Typography.Text>
    </Flex>
  );
}

/** Fields `password` and `confirmPassword`. */
export function NewPasswordFields({ texts, size }: { texts: NewPasswordTexts; size?: 'middle' | 'large' }) {
  const form = Form.useFormInstance();
  const password = Form.useWatch<string | undefined>('password', form);
  return (
    <>
      <Form.Item
        name="password"
        label={texts.password}
        extra={texts.policy}
        rules={[{ required: true, message: texts.required }, zodRule(ZNewPassword, texts.policy)]}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
      <div style={{ marginTop: -8, marginBottom: 16 }}>
        <StrengthMeter password={password} texts={texts} />
      </div>
      <Form.Item
        name="confirmPassword"
        label={texts.confirm}
        dependencies={['password']}
        rules={[
          { required: true, message: texts.confirmRequired },
          ({ getFieldValue }) => ({
            validator: (_rule, value: unknown) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(texts.mismatch)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
    </>
  );
}
