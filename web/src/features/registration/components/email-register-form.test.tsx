import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { EmailRegisterForm } from './email-register-form';

const server = installFakeServer();

describe('email register form', () => {
  it('checks format, policy, confirmation, region and terms before any call', async () => {
    await renderWithApp(<EmailRegisterForm onRegistered={vi.fn()} onOtherNode={vi.fn()} />, { path: '/site/register' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcdefgh' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'abcdefgx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByText('Wrong format')).toBeTruthy(), { timeout: 5000 });
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(screen.getAllByText('8-64 characters with at least two of letters, digits and symbols').length).toBe(2);
    expect(screen.getByText('Two Passwords do not match')).toBeTruthy();
    expect(screen.getByText('Please choose your country or region')).toBeTruthy();
    expect(screen.getByText('Please read and agree to the terms of service')).toBeTruthy();
    expect(screen.getByTestId('password-strength').dataset.strength).toBe('weak');
    expect(server.calls.filter((c) => c.path.includes('register'))).toHaveLength(0);
  }, 30_000);
});
