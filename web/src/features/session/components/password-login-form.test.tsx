import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, getToken } from '@/lib/session/token';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { PasswordLoginForm } from './password-login-form';

/** These tests log in accounts without two-step verification. */
const noSecondStep = () => {
  throw new Error('no second step expected');
};

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

const server = installFakeServer();
beforeEach(() => {
  clearToken();
});

async function submit(account: string, password: string) {
  fireEvent.change(screen.getByLabelText('Account'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('password login form', () => {
  it('logs in, keeps the token and goes to the redirect', async () => {
    server.on(calls.session.login.path, (payload) => {
      expect(payload).toEqual({ account: 'demo@example.com', password: 'secret' });
      return { bizData: { utoken: 'tok-1', userInfo } };
    });
    const { router } = await renderWithApp(<PasswordLoginForm onSecondStep={noSecondStep} />, {
      path: '/login?redirect=%2Fdevices',
      routes: { '/devices': <p>devices page</p> },
    });
    await submit(' demo@example.com ', 'secret');
    await screen.findByText('devices page');
    expect(router.state.location.pathname).toBe('/devices');
    expect(getToken()).toBe('tok-1');
  });

  it('shows the catalogue message of a refused login', async () => {
    server.on(calls.session.login.path, () => ({ code: Code.loginFailed }));
    await renderWithApp(<PasswordLoginForm onSecondStep={noSecondStep} />, { path: '/login' });
    await submit('demo@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong account or password');
    expect(getToken()).toBeUndefined();
  });

  it('asks for the missing fields', async () => {
    await renderWithApp(<PasswordLoginForm onSecondStep={noSecondStep} />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByText('Please enter your account')).toBeTruthy());
    expect(screen.getByText('Please input Password')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
