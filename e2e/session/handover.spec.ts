/**
 * A CAD client opening the portal logged in: a one-time handover code
 * instead of its token in the URL; neither a code nor a raw token signs the
 * browser in, or replaces its session, without the user's choice.
 */
import { calls } from '@ac/client';
import { formatMobile } from '@ac/protocol/mobile-display';
import { apiClient } from '../support/api-client.ts';
import { logInAsDemo, regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { expect, test } from '../support/test.ts';

test('opens the portal logged in from a handover code, which works once', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, regionOf(baseURL));
  const api = apiClient(origin);
  const { utoken } = await api.login(user.account, user.password);
  const { code } = await api.call(calls.session.createHandover, {}, { token: utoken });

  await page.goto(`products?handover=${code}&lang=en`);
  // a browser without a session is asked too (login CSRF)
  const shown = formatMobile(user.account);
  const dialog = page.getByRole('dialog', { name: `Continue as ${shown}?` });
  await expect(dialog).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'utoken')).toBeUndefined();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Product centre' })).toBeVisible();
  expect(page.url()).not.toContain('handover');
  const cookies = await context.cookies();
  const adopted = cookies.find((c) => c.name === 'utoken')?.value;
  expect(adopted).toBeTruthy();
  expect(adopted).not.toBe(utoken);
  // the taken session is also the HttpOnly ticket cookie the downloads use
  expect(cookies.find((c) => c.name === 'gstarsso_ticket')).toMatchObject({ value: adopted, httpOnly: true });
  await expect(api.call(calls.session.exchangeHandover, { code })).rejects.toMatchObject({ code: '0000005' });
});

test('asks before a raw utoken replaces the session in this browser', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, regionOf(baseURL));
  const { utoken } = await apiClient(origin).login(user.account, user.password);
  await logInAsDemo(page);
  const mine = (await context.cookies()).find((c) => c.name === 'utoken')?.value;

  await page.goto(`products?utoken=${utoken}&lang=en`);
  // a mobile account is shown as people write it: a mainland one in the national form (138 0000 0000)
  const shown = formatMobile(user.account);
  const dialog = page.getByRole('dialog', { name: `Continue as ${shown}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep my session' }).click();
  await expect(dialog).toBeHidden();
  expect((await context.cookies()).find((c) => c.name === 'utoken')?.value).toBe(mine);
});

test('a raw utoken never signs a browser without a session in unasked', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, regionOf(baseURL));
  const { utoken } = await apiClient(origin).login(user.account, user.password);

  await page.goto(`products?utoken=${utoken}&lang=en`);
  const shown = formatMobile(user.account);
  const dialog = page.getByRole('dialog', { name: `Continue as ${shown}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: "Don't sign in" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/login/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'utoken')).toBeUndefined();
  expect(cookies.find((c) => c.name === 'gstarsso_ticket')).toBeUndefined();
});
