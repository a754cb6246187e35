/**
 * The state of a plain-markup form (pages that load no antd, such as the login page): values,
 * the first failed check of each field, shown once the field changed or the form was submitted,
 * as antd's Form does. Field ids are `<form>_<field>`, as antd names them.
 */
import { type FormEvent, useState } from 'react';
import type { FieldCheck } from './field-checks';

export type PlainFieldState = {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

export function usePlainForm<Name extends string>(form: string, checks: Record<Name, readonly FieldCheck[]>) {
  const names = Object.keys(checks) as Name[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((n) => [n, ''])) as Record<Name, string>);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const errorOf = (name: Name, value: string) => checks[name].map((check) => check(value)).find(Boolean);
  const idOf = (name: Name) => `${form}_${name}`;

  /** Checks the fields (all by default) and shows their errors; their values when all pass. */
  const validate = (only: readonly Name[] = names): Record<Name, string> | undefined => {
    const found = Object.fromEntries(only.map((name) => [name, errorOf(name, values[name])]));
    setErrors((current) => ({ ...current, ...found }));
    const failed = only.find((name) => found[name]);
    if (failed === undefined) return values;
    document.getElementById(idOf(failed))?.focus();
    return undefined;
  };

  return {
    /** What a PlainField and its input need. */
    field: (name: Name): PlainFieldState => ({
      id: idOf(name),
      value: values[name],
      error: errors[name],
      onChange: (value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: errorOf(name, value) }));
      },
    }),
    validate,
    /** The form's onSubmit: `onValid` with the values when every check passes, else the first failing field takes the focus. */
    onSubmit: (onValid: (values: Record<Name, string>) => void) => (event: FormEvent) => {
      event.preventDefault();
      const valid = validate();
      if (valid) onValid(valid);
    },
  };
}
