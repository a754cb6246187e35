/**
 * The "Continue as <account>?" prompt (docs/protocol.md#sessions): a browser without a
 * session is signed in by a link only when the user says so (login CSRF), and taking the
 * session makes it the HttpOnly ticket cookie (setTicket); declining ends a handed-over session.
 */
import { calls } from '@ac/protocol/calls';
import { httpPaths } from '@ac/protocol/http-paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { applyLanguage } from '@/i18n/language-store';
import { setNavigator } from '@/lib/navigation';
import { clearToken, getToken, setToken } from '@/lib/session/token';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import type { PendingSwitch } from './session-handover';
import { SessionSwitchPrompt } from './session-switch-prompt';

const server = installFakeServer();
beforeAll(async () => {
  await initI18n('en');
  await applyLanguage('en', { persist: false });
});
beforeEach(() => {
  clearToken();
  server.on(calls.session.setTicket.path, () => ({ bizData: {} }));
  server.on(calls.session.logout.path, () => ({ bizData: {} }));
});

const offered = (o: Partial<PendingSwitch>): PendingSwitch => ({
  token: 'offered',
  account: 'cad@example.com',
  handedOver: true,
  signedIn: false,
  returnTo: '/devices?tab=1',
  ...o,
});
/** The calls made, each once as `<path> <utoken>` (the key fetch, and a call retried with a new key, left out). */
const pathsCalled = () => [
  ...new Set(server.calls.filter((c) => c.path !== httpPaths.getRsaKey).map((c) => `${c.path} ${c.utoken}`)),
];

describe('the session prompt without a session here', () => {
  it('asks before signing in; "Continue" takes the session, sets the ticket cookie and opens the linked page', async () => {
    const { router } = await renderWithApp(<SessionSwitchPrompt pending={offered({})} />, {
      path: '/login',
      routes: { '/devices': <p>Devices page</p> },
    });
    setNavigator((to, options) => router.navigate(to, options));
    const dialog = await screen.findByRole('dialog', { name: 'Continue as cad@example.com?' });
    expect(dialog.textContent).toContain('This link signs you in to the portal as cad@example.com');
    expect(getToken()).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/devices'));
    expect(router.state.location.search).toBe('?tab=1');
    expect(getToken()).toBe('offered');
    expect(pathsCalled()).toEqual([`${calls.session.setTicket.path} offered`]);
  });

  it('"Don\'t sign in" takes nothing and ends the handed-over session', async () => {
    await renderWithApp(<SessionSwitchPrompt pending={offered({})} />, { path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: "Don't sign in" }));
    await waitFor(() => expect(pathsCalled()).toEqual([`${calls.session.logout.path} offered`]));
    expect(getToken()).toBeUndefined();
  });
});

describe('the session prompt with a session here', () => {
  it('"Keep my session" keeps it; a raw token offered is not ended', async () => {
    setToken('mine');
    await renderWithApp(<SessionSwitchPrompt pending={offered({ signedIn: true, handedOver: false })} />, {
      path: '/products',
    });
    expect((await screen.findByTestId('session-switch')).textContent).toContain('logged in here with another account');
    fireEvent.click(screen.getByRole('button', { name: 'Keep my session' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getToken()).toBe('mine');
    expect(pathsCalled()).toEqual([]);
  });

  it('"Switch account" takes the offered session and its ticket cookie', async () => {
    setToken('mine');
    await renderWithApp(<SessionSwitchPrompt pending={offered({ signedIn: true })} />, { path: '/products' });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch account' }));
    await waitFor(() => expect(pathsCalled()).toEqual([`${calls.session.setTicket.path} offered`]));
    expect(getToken()).toBe('offered');
  });
});
