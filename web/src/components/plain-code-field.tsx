/**
 * The 6-digit verification code with its "Send code" button on the same row, in plain markup
 * (CodeField's counterpart for pages that load no antd: the login page). Its checks are
 * `codeChecks`; the texts are the `common` namespace's code keys.
 */
import { useTranslation } from 'react-i18next';
import { type FieldCheck, patternCheck, required } from '@/lib/forms/field-checks';
import type { PlainFieldState } from '@/lib/forms/use-plain-form';
import { CODE_PATTERN } from '@/lib/verification/code-format';
import { PlainField } from './plain-field';
import { PlainInput } from './plain-input';
import { PlainSendCodeButton } from './plain-send-code-button';
import type { CodeSendingOptions } from './use-code-sending';

/** Entered, six digits. */
export function codeChecks(t: (key: 'common.codeRequired' | 'common.codeFormat') => string): FieldCheck[] {
  return [required(t('common.codeRequired')), patternCheck(CODE_PATTERN, t('common.codeFormat'))];
}

export function PlainCodeField({ field, ...send }: CodeSendingOptions & { field: PlainFieldState }) {
  const { t } = useTranslation('common');
  return (
    <PlainField field={field} label={t('common.code')}>
      {(control) => (
        <div className="plain-field-row">
          <PlainInput {...control} field={field} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          <PlainSendCodeButton {...send} />
        </div>
      )}
    </PlainField>
  );
}
