import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { fireEvent, screen } from '@testing-library/react';
import { Navigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { ResetPage } from './reset-page';

const server = installFakeServer();

const render = () =>
  renderWithApp(<Navigate to="/password/reset/tok-1" />, {
    path: '/start',
    routes: { '/password/reset/:id': <ResetPage />, '/login': <p>login page</p> },
  });

describe('reset page', () => {
  it('shows the timeout message for an invalid link, without the form', async () => {
    server.on(calls.recovery.checkResetLink.path, () => ({ code: Code.resetLinkInvalid }));
    await render();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The reset password link is timeout, invalid operation',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  }, 30_000);

  it('checks the link, then sets the new password and goes to the login page', async () => {
    server.on(calls.recovery.checkResetLink.path, (payload) => {
      expect(payload).toEqual({ id: 'tok-1' });
      return { bizData: { valid: true } };
    });
    server.on(calls.recovery.resetByLink.path, (payload) => {
      expect(payload).toEqual({ id: 'tok-1', password: 'New-pass-2026' });
      return {};
    });
    await render();
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'New-pass-2026' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'New-pass-2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Two Passwords do not match', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'New-pass-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('login page', {}, { timeout: 5000 })).toBeTruthy();
  }, 30_000);
});
