/**
 * A text input in plain markup drawn like antd's large Input (styles.css), and the password
 * input with its show/hide button, for pages that load no antd (the login page).
 */
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlainFieldState } from '@/lib/forms/use-plain-form';
import type { ControlProps } from './plain-field';

type Props = ControlProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | keyof ControlProps> & {
    field: PlainFieldState;
  };

export function PlainInput({ field, className, ...input }: Props) {
  return (
    <input
      type="text"
      {...input}
      className={`plain-input${field.error ? ' plain-input-error' : ''}${className ? ` ${className}` : ''}`}
      value={field.value}
      onChange={(event) => field.onChange(event.target.value)}
    />
  );
}

export function PlainPasswordInput({ field, disabled, ...input }: Props) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  return (
    <span
      className={`plain-input plain-input-affix${field.error ? ' plain-input-error' : ''}${disabled ? ' plain-input-disabled' : ''}`}
    >
      <input
        {...input}
        type={shown ? 'text' : 'password'}
        disabled={disabled}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
      />
      <button
        type="button"
        className="plain-input-suffix"
        aria-label={t('common.showPassword')}
        aria-pressed={shown}
        disabled={disabled}
        onClick={() => setShown(!shown)}
      >
        {shown ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
      </button>
    </span>
  );
}
