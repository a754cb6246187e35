/** The register namespace's texts for NewPasswordFields. */
import { useTranslation } from 'react-i18next';
import type { NewPasswordTexts } from '@/components/new-password-fields';

export function usePasswordTexts(): NewPasswordTexts {
  const { t } = useTranslation('register');
  return {
    password: t('register.password'),
    confirm: t('register.confirmPassword'),
    required: t('register.passwordRequired'),
    confirmRequired: t('register.confirmRequired'),
    policy: t('register.passwordPolicy'),
    mismatch: t('register.passwordMismatch'),
    strength: t('register.strength'),
    levels: {
      weak: t('register.strengthWeak'),
      medium: t('register.strengthMedium'),
      strong: t('register.strengthStrong'),
    },
  };
}
