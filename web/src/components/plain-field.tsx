/**
 * A labelled form field in plain markup, drawn like antd's vertical Form.Item (styles.css): the
 * label, the control, and under it the field's error, announced (role="alert") and tied to the
 * control (aria-invalid, aria-describedby). For pages that load no antd (the login page).
 */
import type { ReactNode } from 'react';
import type { PlainFieldState } from '@/lib/forms/use-plain-form';

/** The attributes the control of a field takes. */
export type ControlProps = {
  id: string;
  'aria-required': true;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type Props = {
  field: PlainFieldState;
  label: string;
  /** Draws the control (an input, or an input with a button beside it) with the field's attributes. */
  children: (control: ControlProps) => ReactNode;
};

export function PlainField({ field, label, children }: Props) {
  const helpId = `${field.id}_help`;
  return (
    <div className={`plain-field${field.error ? ' plain-field-has-error' : ''}`}>
      <label className="plain-field-label" htmlFor={field.id}>
        {label}
      </label>
      {children({
        id: field.id,
        'aria-required': true,
        'aria-invalid': field.error ? true : undefined,
        'aria-describedby': field.error ? helpId : undefined,
      })}
      {field.error ? (
        <div className="plain-field-error" id={helpId} role="alert">
          {field.error}
        </div>
      ) : null}
    </div>
  );
}
