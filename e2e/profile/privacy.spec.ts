/**
 * The consent to marketing mail, changed on the profile (desktop, and the /h5 profile at phone
 * width): the switch says what is stored, and the change outlives a reload.
 */
import { logInAs } from '../support/account.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { expect, test } from '../support/test.ts';

test('gives and withdraws the consent to product news on the profile', async ({ page, baseURL }) => {
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await logInAs(page, user.account, user.password, '/profile');
  const consent = page.getByRole('switch', { name: 'Email me product news and offers' });
  await expect(consent).toHaveAttribute('aria-checked', 'false');
  await consent.click();
  await expect(page.getByText('You will get product news and offers')).toBeVisible();
  await page.reload();
  await expect(consent).toHaveAttribute('aria-checked', 'true');
  await consent.click();
  await expect(page.getByText('You will no longer get product news and offers')).toBeVisible();
  await page.reload();
  await expect(consent).toHaveAttribute('aria-checked', 'false');
});

test('the /h5 profile has the same switch @h5', async ({ page, baseURL }) => {
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await logInAs(page, user.account, user.password, '/h5/profile');
  const consent = page.getByRole('switch', { name: 'Email me product news and offers' });
  await expect(consent).toHaveAttribute('aria-checked', 'false');
  await consent.click();
  await expect(page.getByText('You will get product news and offers')).toBeVisible();
  await page.reload();
  await expect(consent).toHaveAttribute('aria-checked', 'true');
});
