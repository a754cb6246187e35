import { calls } from '@ac/protocol/calls';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, getToken } from '@/lib/session/token';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { CodeLoginForm } from './code-login-form';

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

describe('code login form', () => {
  it('asks for the fields, with their messages under them', async () => {
    await renderWithApp(<CodeLoginForm channel="email" onSecondStep={noSecondStep} />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Please enter your account', 'Please enter the verification code']);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toHaveLength(0);
  });

  it('checks the mobile number with the protocol schema before sending a code', async () => {
    await renderWithApp(<CodeLoginForm channel="sms" onSecondStep={noSecondStep} />, { path: '/login' });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert').textContent).toBe('Wrong format');
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '12a' } });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Wrong format',
      'The code has 6 digits',
    ]);
    expect(server.calls).toHaveLength(0);
  });

  it('sends the code, counts down and logs in with it', async () => {
    server.on(calls.codes.sendEmailCode.path, (payload) => {
      expect(payload).toEqual({ email: 'demo@example.com', purpose: 'login' });
      return { bizData: { resendAfter: 60 } };
    });
    server.on(calls.session.loginByCode.path, (payload) => {
      expect(payload).toEqual({ account: 'demo@example.com', code: '123456' });
      return { bizData: { utoken: 'tok-2', userInfo } };
    });
    const { router } = await renderWithApp(<CodeLoginForm channel="email" onSecondStep={noSecondStep} />, {
      path: '/login',
      routes: { '/products': <p>products page</p> },
    });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'demo@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const resend = await screen.findByRole('button', { name: /Resend in 6\d s/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('products page');
    expect(router.state.location.pathname).toBe('/products');
    await waitFor(() => expect(getToken()).toBe('tok-2'));
  });
});
