import { calls } from '@ac/client';
import { apiClient } from '../support/api-client.ts';
import { logInAsDemo } from '../support/demo.ts';
import { expect, test } from '../support/test.ts';

test('a session ended elsewhere shows the re-login message and goes to the login page', async ({
  page,
  context,
  baseURL,
}) => {
  await logInAsDemo(page);
  const utoken = (await context.cookies()).find((c) => c.name === 'utoken')?.value;
  expect(utoken).toBeTruthy();
  // the page's own first calls finish first: one still on its way after the logout would expire the session before the
  // click. The product list is the last of them (after the user's and the company's); on a busy machine the gaps between
  // them outlast networkidle's half second.
  await expect(page.getByRole('link', { name: 'Order centre' })).toBeVisible();
  await expect(page.getByTestId('products-table').locator('[data-row-key]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // the same session is logged out from another client
  const origin = new URL(baseURL!).origin;
  await apiClient(origin).call(calls.session.logout, {}, { token: utoken });

  await page.getByRole('link', { name: 'Order centre' }).click();
  await expect(page.getByText('The current user information has expired, please log in again!')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect((await context.cookies()).find((c) => c.name === 'utoken')).toBeUndefined();
});
