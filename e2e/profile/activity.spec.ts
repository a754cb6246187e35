/**
 * The account's activity (docs/decisions/0045-sign-in-history.md): a failed
 * attempt from a public address shows with its place from the bundled IP
 * database; the sign-in from a new browser sends the new-sign-in alert; "This
 * wasn't me" signs out everywhere and leads to setting a new password. The
 * failed attempt comes from 81.2.69.142 (Bracknell, England, in GeoLite2): the
 * SDK's calls carry the running test's client address (support/client-address.ts),
 * which the e2e servers trust as the loopback proxy's X-Forwarded-For.
 */
import { calls } from '@ac/protocol/calls';
import { logInAs } from '../support/account.ts';
import { apiClient } from '../support/api-client.ts';
import { setClientAddress } from '../support/client-address.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser, withEmail } from '../support/fresh-user.ts';
import { messageSince } from '../support/mailbox.ts';
import { expect, test } from '../support/test.ts';

const BRACKNELL = '81.2.69.142';

test('the activity shows a failed attempt with its place; the new browser was alerted by mail @responsive', async ({
  page,
  baseURL,
  clientAddress,
}, info) => {
  test.setTimeout(120_000);
  const phone = info.project.name.startsWith('h5');
  const origin = new URL(baseURL!).origin;
  const region = regionOf(baseURL);
  let user = await createFreshUser(origin, region);
  const api = apiClient(origin);
  // the first sign-in after registration: nothing to compare with, no alert
  if (region === 'cn') user = await withEmail(origin, user);
  else await api.call(calls.session.logout, {}, { token: (await api.login(user.account, user.password)).utoken });

  setClientAddress(BRACKNELL);
  try {
    await expect(
      api.call(calls.session.login, { account: user.account, password: `${user.password}-no` }),
    ).rejects.toThrow();
  } finally {
    setClientAddress(clientAddress);
  }

  const since = new Date();
  const activityPath = phone ? '/h5/activity' : '/activity';
  await logInAs(page, user.account, user.password, activityPath);
  const alert = await messageSince(origin, user.email!, since, { signInAlert: true });
  expect(alert.subject).toBe('New sign-in to your account');
  expect(alert.body).toContain('Place: local network');
  expect(alert.body).toMatch(/Browser: (?!unknown)\S/);
  expect(alert.body).toMatch(/https?:\/\/\S+\/activity\b/);

  const table = page.getByTestId('activity-table');
  const failed = table.locator('[data-row-key]').filter({ has: page.getByTestId('activity-failed') });
  await expect(failed).toHaveCount(1);
  await expect(failed.getByTestId('activity-place')).toHaveText('Bracknell, England, United Kingdom');
  await expect(failed.getByTestId('activity-ip')).toHaveText(BRACKNELL);
  await expect(failed.getByTestId('activity-what')).toHaveText('Failed sign-in · password');
  const local = table.locator('[data-row-key]').filter({ hasText: 'Local network' });
  await expect(local.first()).toBeVisible();
  await expect(local.first().getByTestId('activity-browser')).toHaveText(/\w+ \d+/);
  await page.screenshot({ path: info.outputPath('activity.png'), fullPage: true });
  if (process.env.SCREENSHOTS === '1' && (info.project.name === 'desktop-us' || info.project.name === 'h5-cn')) {
    await page.screenshot({ path: `../docs/screenshots/activity-${phone ? 'mobile' : 'desktop'}.png` });
  }

  // "This wasn't me": every session ends, then the forgotten-password page
  await failed.getByTestId('activity-not-me').click();
  await page.getByTestId('activity-not-me-confirm').click();
  await expect(page).toHaveURL(
    region === 'cn' ? (phone ? /\/h5\/findPwd$/ : /\/password\/find$/) : /\/site\/password\/find$/,
  );
  await page.goto(activityPath.slice(1));
  await expect(page).toHaveURL(/\/login/);
});
