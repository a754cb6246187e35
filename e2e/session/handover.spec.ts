/**
 * A CAD client opening the portal logged in: a one-time handover code
 * instead of its token in the URL; a raw token never replaces another
 * session without the user's choice.
 */
import { calls } from '@ac/client';
import { normalizeMobile } from '@ac/protocol/common';
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
  await expect(page.getByRole('heading', { level: 1, name: 'Product centre' })).toBeVisible();
  expect(page.url()).not.toContain('handover');
  const adopted = (await context.cookies()).find((c) => c.name === 'utoken')?.value;
  expect(adopted).toBeTruthy();
  expect(adopted).not.toBe(utoken);
  await expect(api.call(calls.session.exchangeHandover, { code })).rejects.toMatchObject({ code: '0000005' });
});

test('asks before a raw utoken replaces the session in this browser', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const user = await createFreshUser(origin, regionOf(baseURL));
  const { utoken } = await apiClient(origin).login(user.account, user.password);
  await logInAsDemo(page);
  const mine = (await context.cookies()).find((c) => c.name === 'utoken')?.value;

  await page.goto(`products?utoken=${utoken}&lang=en`);
  // a mobile account is shown as stored, in E.164 (+86…)
  const shown = normalizeMobile(user.account) ?? user.account;
  const dialog = page.getByRole('dialog', { name: `Continue as ${shown}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep my session' }).click();
  await expect(dialog).toBeHidden();
  expect((await context.cookies()).find((c) => c.name === 'utoken')?.value).toBe(mine);
});
