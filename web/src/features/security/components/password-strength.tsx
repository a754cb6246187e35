/** The weak / medium / strong meter of the one password policy (protocol passwordStrength). */
import { passwordStrength, type PasswordStrength as Strength } from '@ac/protocol/password';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const LEVELS: Record<Strength, { percent: number; color: string }> = {
  weak: { percent: 33, color: '#cf1322' },
  medium: { percent: 66, color: '#d46b08' },
  strong: { percent: 100, color: '#389e0d' },
};

export function PasswordStrength({ password }: { password: string | undefined }) {
  const { t } = useTranslation('security');
  if (!password) return null;
  const strength = passwordStrength(password);
  const level = LEVELS[strength];
  const label = {
    weak: t('security.strengthWeak'),
    medium: t('security.strengthMedium'),
    strong: t('security.strengthStrong'),
  }[strength];
  return (
    <Flex gap={12} align="center" data-testid="password-strength" data-strength={strength}>
      <Progress percent={level.percent} showInfo={false} strokeColor={level.color} size="small" style={{ flex: 1 }} />
      <Typography.Text style={{ color: level.color, minWidth: 64 }}>
        {t('security.strength')}: {label}
      </Typography.Text>
    </Flex>
  );
}
