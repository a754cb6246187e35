/** The password namespace's texts for NewPasswordFields. */
import { useTranslation } from 'react-i18next';
import type { NewPasswordTexts } from '@/components/new-password-fields';

export function usePasswordTexts(): NewPasswordTexts {
  const { t } = useTranslation('password');
  return {
    password: t('password.password'),
    confirm: t('password.confirmPassword'),
    required: t('password.passwordRequired'),
    confirmRequired: t('password.confirmRequired'),
    policy: t('password.passwordPolicy'),
    mismatch: t('password.passwordMismatch'),
    strength: t('password.strength'),
    levels: {
      weak: t('password.strengthWeak'),
      medium: t('password.strengthMedium'),
      strong: t('password.strengthStrong'),
    },
  };
}
