/** The translated catalogue message of a failed call (`errors.<code>`), else the server's own text. */

import { errorCode, isApiError } from '@ac/client';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('errors');
  return useCallback(
    (error: unknown) => {
      const fallback = isApiError(error) && error.message ? error.message : t('errors.0000001');
      const text = t(`errors.${errorCode(error)}`, { defaultValue: fallback });
      // Messages with placeholders ({{status}}) need values only the server's own text carries.
      return /\{\{\w+\}\}/.test(text) && isApiError(error) && error.message ? error.message : text;
    },
    [t],
  );
}
