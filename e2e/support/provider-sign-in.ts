/** The sign-in pages of the local OIDC provider (support/oidc-server.ts) and of the native login fakes (support/oauth-fake.ts). */
import { expect as baseExpect, type Page } from '@playwright/test';
import { OAUTH_FAKE } from './oauth-fake-config.ts';
import { OIDC } from './servers.ts';

/** The provider's page loads after our authorize call: 30 s on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Signs in at the local OIDC provider as `login` (any password) and consents. */
export async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL((url) => url.href.startsWith(`${OIDC.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  // the provider asks for consent the first time only: wait for its page or for the way back to us
  const consent = page.getByRole('button', { name: /continue/i });
  await expect.poll(async () => (await consent.isVisible()) || !page.url().startsWith(OIDC.issuer)).toBe(true);
  if (await consent.isVisible()) await consent.click();
}

/** Signs in at the fake of a native provider (WeChat's QR page, Facebook's dialog) as `login` and allows the app. */
export async function signInAtFakeProvider(page: Page, login: string) {
  await expect(page).toHaveURL((url) => url.href.startsWith(`${OAUTH_FAKE.url}/`));
  await page.getByLabel('Account').fill(login);
  await page.getByRole('button', { name: 'Allow' }).click();
}

/** Cancels at the fake of a native provider: it sends the browser back the way that provider reports a refusal. */
export async function cancelAtFakeProvider(page: Page) {
  await expect(page).toHaveURL((url) => url.href.startsWith(`${OAUTH_FAKE.url}/`));
  await page.getByRole('button', { name: 'Cancel' }).click();
}
