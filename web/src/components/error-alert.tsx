/**
 * A failed call shown with the catalogue message of its code (`errors.<code>`). Plain markup
 * styled like antd's error Alert (styles.css): the /h5 shell uses it too and loads no antd.
 */
import { CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './use-error-text';

/** `text`: the message when it is not a call's (e.g. a passkey the browser did not use). */
export function ErrorAlert({ error, onRetry, text }: { error: unknown; onRetry?: () => void; text?: string }) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  return (
    <div className="error-alert" role="alert">
      <CloseCircleFilled className="error-alert-icon" aria-hidden />
      <div className="error-alert-message">{text ?? errorText(error)}</div>
      {onRetry ? (
        <button type="button" className="plain-button plain-button-small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
