import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { removeCookie, setCookie } from '@/lib/cookies';
import { leaveLoginNotice } from '@/lib/session/login-notice';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { savePendingLink } from '../hooks/pending-link';
import { LoginPage } from './login-page';

installFakeServer();
afterEach(() => {
  sessionStorage.clear();
  removeCookie('clientType');
});

describe('login page', () => {
  it('switches between the password and the code login, with the providers and the links', async () => {
    await renderWithApp(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in to your account');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Password login');
    expect(screen.getByTestId('third-party-login')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('login-method-switch'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Email code login');
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use your password instead' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('shows the enterprise variant, without providers, for an enterprise client type', async () => {
    setCookie('clientType', 'business_pc');
    await renderWithApp(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enterprise member login');
    expect(screen.getByText('Enterprise', { exact: true })).toBeTruthy();
    expect(screen.queryByTestId('third-party-login')).toBeNull();
  });

  it('tells of a provider identity waiting to be linked, and shows the notice left for it once', async () => {
    savePendingLink({ type: 'google', ticket: 't-1', name: null });
    leaveLoginNotice({ text: 'Your account has been deleted', seconds: 3 });
    await renderWithApp(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('status').textContent).toBe('Log in to link your Google account');
    await screen.findByText('Your account has been deleted');
  });
});
