/**
 * Passkeys in the browser (docs/decisions/0047-passkeys.md): a fresh member
 * adds a passkey on the Security page with Chromium's virtual authenticator
 * (CDP WebAuthn: CTAP2, resident keys, user verification), renames it, signs
 * out and signs in with "Sign in with a passkey" — no account, no password —
 * then removes it; with two-step verification on, the passkey finishes the
 * second step of a password login. The journey servers' PUBLIC_URL is http://127.0.0.1:<port>;
 * an IP address cannot be a WebAuthn relying party, so the server's passkeys
 * live on localhost at the same port, and the browser goes there.
 */
import { calls } from '@ac/client';
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { logInAs } from '../support/account.ts';
import { apiClient } from '../support/api-client.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { expect, test } from '../support/test.ts';

/** A platform authenticator that verifies the user at once (a fingerprint that always matches). */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}

test('adds a passkey, renames it, signs in with it without a password and removes it @responsive', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  const base = baseURL!.replace('//127.0.0.1:', '//localhost:');
  const security = info.project.name.startsWith('h5') ? '/h5/security' : '/security';
  const authenticator = await virtualAuthenticator(page);

  await logInAs(page, user.account, user.password, security, base);
  const card = page.getByTestId('passkeys-card');
  await expect(card.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await expect(card).toContainText('You have no passkeys yet.');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const naming = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(naming.getByLabel('Name')).toHaveValue('Passkey 1');
  await naming.getByLabel('Name').fill('Work laptop');
  await naming.getByRole('button', { name: 'Create passkey' }).click();
  await expect(naming).toBeHidden({ timeout: 20_000 });
  await expect(card.getByTestId('passkey-row')).toHaveCount(1);
  await expect(card.getByTestId('passkey-name')).toHaveText('Work laptop');
  await expect(card.getByTestId('passkey-row')).toContainText('Not used yet');
  // a discoverable credential, kept by the authenticator
  const stored = await authenticator.credentials();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.isResidentCredential).toBe(true);

  await card.getByRole('button', { name: 'Rename' }).click();
  const renaming = page.getByRole('dialog', { name: 'Rename the passkey' });
  await renaming.getByLabel('Name').fill('Desk computer');
  await renaming.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('passkey-name')).toHaveText('Desk computer');

  // signed out, the passkey alone signs in
  await page.context().clearCookies();
  await page.goto(`${base}login?lang=en`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/products$/, { timeout: 20_000 });

  await page.goto(`${base}${security.slice(1)}?lang=en`);
  await expect(card.getByTestId('passkey-row')).toContainText('Last used');
  await card.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Remove' }).click();
  await expect(card).toContainText('You have no passkeys yet.');
});

test('finishes the second step of a password login with a passkey @us-only', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, 'us');
  // two-step verification on with an authenticator app, through the SDK
  const api = apiClient(origin);
  const { utoken: token } = await api.login(user.account, user.password);
  const { secret } = await api.call(calls.twoFactor.startTotp, { password: user.password }, { token });
  const appCode = (steps = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
  await api.call(calls.twoFactor.confirmTotp, { code: appCode() }, { token });

  const base = baseURL!.replace('//127.0.0.1:', '//localhost:');
  await virtualAuthenticator(page);
  const passwordStep = async () => {
    await page.goto(`${base}login?lang=en&redirect=${encodeURIComponent('/security')}`);
    await page.getByLabel('Account').fill(user.account);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({ timeout: 20_000 });
  };
  // no passkey yet: the second step offers none
  await passwordStep();
  await expect(page.getByRole('button', { name: 'Use a passkey instead' })).toHaveCount(0);
  await page.getByLabel('Verification code').fill(appCode(1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/security$/, { timeout: 20_000 });

  // the second step just proved a factor: adding a passkey needs no other
  const card = page.getByTestId('passkeys-card');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('dialog', { name: 'Add a passkey' }).getByRole('button', { name: 'Create passkey' }).click();
  await expect(card.getByTestId('passkey-name')).toHaveText('Passkey 1', { timeout: 20_000 });

  await page.context().clearCookies();
  await passwordStep();
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).toHaveURL(/\/security$/, { timeout: 20_000 });
  await expect(card.getByTestId('passkey-row')).toContainText('Last used');
});
