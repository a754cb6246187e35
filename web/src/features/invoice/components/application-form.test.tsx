import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { ApplicationForm, initialApplication } from './application-form';

installFakeServer();

const saved = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'company' as const,
  name: '上海浩辰测试科技有限公司',
  taxNo: '91310000MA1FL1234X',
  address: '上海市浦东新区',
  phone: '021-55556666',
  bankName: '招商银行',
  bankAccount: '6225880212345678',
  isDefault: true,
};

function renderForm(initial = {}, onSubmit = vi.fn()) {
  return renderWithApp(
    <ApplicationForm
      titles={[]}
      initial={initial}
      submitLabel="Apply"
      pending={false}
      error={null}
      onSubmit={onSubmit}
    />,
    { path: '/invoice/create' },
  );
}

describe('the invoice application form', () => {
  it('refuses a company title without a 15-20 character tax number, sending nothing', async () => {
    const onSubmit = vi.fn();
    await renderForm({ kind: 'company', name: 'ACME', email: 'a@example.com' }, onSubmit);
    fireEvent.change(screen.getByLabelText('Tax number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(
      () => expect(screen.getByText('A company title needs a tax number of 15-20 letters and digits')).toBeTruthy(),
      {
        timeout: 5000,
      },
    );
    expect(onSubmit).not.toHaveBeenCalled();
  }, 30_000);

  it('asks for address, phone, bank and account for a special VAT invoice', async () => {
    const onSubmit = vi.fn();
    await renderForm({ kind: 'company', name: 'ACME', taxNo: '91310000MA1FL1234X', email: 'a@example.com' }, onSubmit);
    fireEvent.click(screen.getByLabelText('Special VAT invoice'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getAllByText('Required for a special VAT invoice')).toHaveLength(4), {
      timeout: 5000,
    });
    expect(onSubmit).not.toHaveBeenCalled();
  }, 30_000);

  it('sends the title as the protocol takes it: upper-case tax number, company fields dropped for a person', async () => {
    const onSubmit = vi.fn();
    await renderForm(
      { kind: 'company', name: ' ACME ', taxNo: '91310000ma1fl1234x', email: 'a@example.com' },
      onSubmit,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      type: 'ordinary',
      email: 'a@example.com',
      title: {
        kind: 'company',
        name: 'ACME',
        taxNo: '91310000MA1FL1234X',
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
      },
    });
  }, 30_000);

  it('starts from the chosen or default saved title, else from the current company header', () => {
    const draft = { type: 'ordinary' as const, titleId: null, companyHeader: { companyName: 'Header Co.' } };
    expect(initialApplication([saved], draft, 'me@example.com')).toMatchObject({
      titleId: saved.id,
      name: saved.name,
      taxNo: saved.taxNo,
      email: 'me@example.com',
    });
    expect(initialApplication([], draft, 'me@example.com')).toEqual({
      kind: 'company',
      name: 'Header Co.',
      type: 'ordinary',
      email: 'me@example.com',
    });
    expect(initialApplication([], { ...draft, companyHeader: null }, '')).toEqual({
      kind: 'personal',
      type: 'ordinary',
      email: '',
    });
  });
});
