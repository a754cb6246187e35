import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TTwoFactorStatus } from '@ac/protocol/two-factor';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { TwoFactorPage } from './two-factor-page';

const codes = Array.from({ length: 10 }, (_, n) => `abcde-2345${n}`);
const off: TTwoFactorStatus = {
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  fresh: false,
  requiredByCompany: false,
};
const on: TTwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-11-29T06:00:00Z',
  recoveryCodesLeft: 10,
  fresh: false,
  requiredByCompany: false,
};

const server = installFakeServer();

describe('the two-step verification page', () => {
  it('sets up an authenticator app: password, QR code and key, a code, then the recovery codes once', async () => {
    let status = off;
    server.on(calls.twoFactor.status.path, () => ({ bizData: status }));
    server.on(calls.twoFactor.startTotp.path, (payload) => {
      expect(payload).toEqual({ password: 'Current-pass-1' });
      return {
        bizData: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
        },
      };
    });
    server.on(calls.twoFactor.confirmTotp.path, (payload) => {
      expect(payload).toEqual({ code: '123456' });
      status = on;
      return { bizData: { recoveryCodes: codes } };
    });
    await renderWithApp(<TwoFactorPage />, { path: '/security' });
    fireEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Current-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code for the authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSW Y3DP');
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(list.querySelectorAll('code')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByTestId('recovery-left')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('asks for a second factor when new recovery codes need one, then makes them', async () => {
    server.on(calls.twoFactor.status.path, () => ({ bizData: on }));
    let fresh = false;
    server.on(calls.twoFactor.regenerateRecoveryCodes.path, () =>
      fresh ? { bizData: { recoveryCodes: codes } } : { code: Code.secondFactorRequired },
    );
    server.on(calls.twoFactor.verify.path, (payload) => {
      expect(payload).toEqual({ code: '654321' });
      fresh = true;
      return { bizData: {} };
    });
    await renderWithApp(<TwoFactorPage />, { path: '/security' });
    fireEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const input = await screen.findByLabelText('App code or recovery code');
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('recovery-codes').querySelectorAll('code')).toHaveLength(10));
  });
});
