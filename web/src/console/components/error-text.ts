import { useTranslation } from 'react-i18next';
import { ConsoleError } from '../api/console-api';

/** A refusal's translated catalogue message. */
export function useErrorText() {
  const { t } = useTranslation();
  return (e: unknown): string =>
    e instanceof ConsoleError ? t(`errors:${e.code}`, { defaultValue: e.message }) : t('errors:0000001');
}
