/** The login page's second step (docs/protocol.md#two-factor): a ticket instead of a session, then the code. */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, getToken } from '@/lib/session/token';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { LoginPage } from './login-page';

const userInfo = {
  id: 'u1',
  name: 'demo',
  nickName: 'Demo',
  email: 'demo@example.com',
  mobile: null,
  favicon: null,
  sex: 0,
  level: 1,
  score: 0,
  vipType: 'standard',
  isActivate: 1,
  registerDate: '2026-01-01T00:00:00Z',
  lastLoginTime: null,
  updateTime: '2026-01-01T00:00:00Z',
};
const secondStep = { ticket: 'ticket-1', expiresAt: '2026-01-01T00:05:00Z', methods: ['totp', 'recovery'] };

const server = installFakeServer();
beforeEach(() => clearToken());

async function passwordStep() {
  server.on(calls.session.login.path, () => ({ bizData: { secondStep } }));
  const rendered = await renderWithApp(<LoginPage />, {
    path: '/login?redirect=%2Fdevices',
    routes: { '/devices': <p>devices page</p> },
  });
  fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'demo@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByRole('heading', { name: 'Two-step verification' });
  expect(getToken()).toBeUndefined();
  return rendered;
}

describe('the second step of a login', () => {
  it('sends the ticket, the code and "trust this browser", then goes on as a login does', async () => {
    const { router } = await passwordStep();
    server.on(calls.session.loginSecondStep.path, (payload) => {
      expect(payload).toEqual({ ticket: 'ticket-1', code: '123456', trustBrowser: true });
      return { bizData: { utoken: 'tok-2', userInfo } };
    });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByLabelText('Trust this browser for 30 days'));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('devices page');
    expect(router.state.location.pathname).toBe('/devices');
    expect(getToken()).toBe('tok-2');
  });

  it('shows a refused code and goes back to the first step on request', async () => {
    await passwordStep();
    server.on(calls.session.loginSecondStep.path, () => ({ code: Code.secondFactorInvalid }));
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: 'abcde-23456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The code is wrong or was already used');
    fireEvent.click(screen.getByRole('button', { name: 'Go to login' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  });
});
