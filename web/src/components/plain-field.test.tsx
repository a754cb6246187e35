import { ZEmail } from '@ac/protocol/common';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { required, schemaCheck } from '@/lib/forms/field-checks';
import { usePlainForm } from '@/lib/forms/use-plain-form';
import { PlainField } from './plain-field';
import { PlainInput } from './plain-input';

afterEach(cleanup);

function EmailForm({ onValid }: { onValid: (values: { email: string; name: string }) => void }) {
  const form = usePlainForm('demo', {
    name: [required('Please enter a name', { whitespace: true })],
    email: [required('Please enter an email'), schemaCheck(ZEmail, 'Wrong format')],
  });
  return (
    <form onSubmit={form.onSubmit(onValid)} noValidate>
      <PlainField field={form.field('name')} label="Name">
        {(control) => <PlainInput {...control} field={form.field('name')} />}
      </PlainField>
      <PlainField field={form.field('email')} label="Email">
        {(control) => <PlainInput {...control} field={form.field('email')} />}
      </PlainField>
      <button type="submit">Save</button>
    </form>
  );
}

describe('plain form field', () => {
  it('labels its input and shows no error before a change or a submit', () => {
    render(<EmailForm onValid={() => undefined} />);
    const email = screen.getByLabelText('Email');
    expect(email.id).toBe('demo_email');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(email.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the first failed check of each field under it, tied to the input, and focuses the first', () => {
    const onValid = vi.fn();
    render(<EmailForm onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Please enter a name', 'Please enter an email']);
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter a name',
    );
    expect(document.activeElement).toBe(name);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('checks a field as it changes, with the protocol schema, and submits the values once all pass', () => {
    const onValid = vi.fn();
    render(<EmailForm onValid={onValid} />);
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'nope' } });
    expect(screen.getByRole('alert').textContent).toBe('Wrong format');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: 'a@example.com' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ann', email: 'a@example.com' });
  });
});
