import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TDeviceSignInRequestView } from '@ac/protocol/device-sign-in';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { DeviceSignInPage } from './device-sign-in-page';

const request: TDeviceSignInRequestView = {
  userCode: 'BCDF-GHJK',
  clientType: 'df_windows',
  clientVersion: '3.2',
  deviceName: 'Drafting PC',
  ip: '203.0.113.7',
  requestedAt: '2026-11-29T06:00:00Z',
  expiresAt: '2026-11-29T06:10:00Z',
};

const server = installFakeServer();

describe('the device sign-in page', () => {
  it('takes the code of the link, shows the client and approves it after a second factor', async () => {
    server.on(calls.deviceSignIn.lookup.path, (payload) => {
      expect(payload).toEqual({ userCode: 'BCDF-GHJK' });
      return { bizData: request };
    });
    let fresh = false;
    server.on(calls.deviceSignIn.approve.path, () => (fresh ? { bizData: {} } : { code: Code.secondFactorRequired }));
    server.on(calls.twoFactor.verify.path, () => {
      fresh = true;
      return { bizData: {} };
    });
    await renderWithApp(<DeviceSignInPage />, { path: '/device?code=bcdfghjk' });
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('BCDF-GHJK');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('device-name')).textContent).toBe('Drafting PC');
    expect(screen.getByTestId('device-client').textContent).toBe('df_windows 3.2');
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    fireEvent.change(await screen.findByLabelText('App code or recovery code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The device is signed in')).toBeTruthy();
  });

  it('shows a wrong code and denies a request', async () => {
    server.on(calls.deviceSignIn.lookup.path, (payload) =>
      (payload as { userCode: string }).userCode === 'BBBB-BBBB'
        ? { code: Code.userCodeInvalid }
        : { bizData: request },
    );
    server.on(calls.deviceSignIn.deny.path, () => ({ bizData: {} }));
    await renderWithApp(<DeviceSignInPage />, { path: '/device' });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'bbbb-bbbb' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The code is wrong, expired or was already used');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'BCDF-GHJK' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('The sign-in was denied')).toBeTruthy();
  });
});
