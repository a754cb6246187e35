/** Device errors in words, shared by the desktop table and the /h5 list (which loads no antd). */
import { errorCode } from '@ac/client';
import { Code } from '@ac/protocol/codes';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';

/** The translated error, 1500002 with the limit filled in. */
export function useDeviceErrorText(boundLimit: number) {
  const { t } = useTranslation('errors');
  const errorText = useErrorText();
  return (error: unknown) =>
    errorCode(error) === Code.deviceLimitReached ? t('errors.1500002', { max: boundLimit }) : errorText(error);
}
