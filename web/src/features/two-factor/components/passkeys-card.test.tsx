import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TPasskey } from '@ac/protocol/two-factor';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { PasskeysCard } from './passkeys-card';

const server = installFakeServer();
const laptop: TPasskey = {
  id: '0b9f6a52-3c1e-4d0f-9a57-1f2d3c4b5a69',
  name: 'Laptop',
  createdAt: '2026-11-29T06:00:00Z',
  lastUsedAt: null,
  synced: true,
};

describe('the passkeys card', () => {
  it('lists the passkeys, renames one, and removes one after the second factor it asks for', async () => {
    let rows = [laptop];
    let fresh = false;
    server.on(calls.twoFactor.passkeys.path, () => ({ bizData: { rows } }));
    server.on(calls.twoFactor.passkeyRename.path, (payload) => {
      expect(payload).toEqual({ id: laptop.id, name: 'Desk' });
      rows = [{ ...laptop, name: 'Desk' }];
      return { bizData: rows[0] };
    });
    server.on(calls.twoFactor.passkeyRemove.path, (payload) => {
      expect(payload).toEqual({ id: laptop.id });
      if (!fresh) return { code: Code.secondFactorRequired };
      rows = [];
      return { bizData: {} };
    });
    server.on(calls.twoFactor.verify.path, () => {
      fresh = true;
      return { bizData: {} };
    });
    await renderWithApp(<PasskeysCard />, { path: '/security' });
    const row = await screen.findByTestId('passkey-row');
    expect(row.textContent).toContain('Laptop');
    expect(row.textContent).toContain('Synced');
    expect(row.textContent).toContain('Not used yet');
    // jsdom has no WebAuthn: no button to add one, and the page says why
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.getByText('This browser cannot use passkeys.')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: ' Desk ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('passkey-name').textContent).toBe('Desk'));

    fireEvent.click(within(screen.getByTestId('passkey-row')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Remove' }));
    fireEvent.change(await screen.findByLabelText('App code or recovery code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
  });
});
