/** The local OIDC provider's pages (e2e/support/oidc-server.ts). */
import { expect, type Page } from '@playwright/test';
import { OIDC } from './servers.ts';

/** Signs in at the local OIDC provider as `login` (any password) and consents. */
export async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL((url) => url.href.startsWith(`${OIDC.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  const consent = page.getByRole('button', { name: /continue/i });
  if (await consent.isVisible({ timeout: 5_000 }).catch(() => false)) await consent.click();
}
