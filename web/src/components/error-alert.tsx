/** A failed call shown with the catalogue message of its code (`errors.<code>`). */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './use-error-text';

export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(error)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null
      }
    />
  );
}
