/** A form's failed submit, above its fields, with the catalogue message of its code; nothing without an error. */
import { Alert } from 'antd';
import { useErrorText } from './use-error-text';

export function FormError({ error }: { error: unknown }) {
  const errorText = useErrorText();
  if (!error) return null;
  return <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} role="alert" />;
}
