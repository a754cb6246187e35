/**
 * A company requiring two-step verification (docs/product.md#enterprise): its
 * admin switches it on on the enterprise page; a member without it signs in,
 * is led through setting up an authenticator app (the test computes the app's
 * codes from the key the page shows, with otplib) and only then has a session;
 * the member's security page offers no way to turn it off.
 */
import { calls } from '@ac/client';
import type { Browser, TestInfo } from '@playwright/test';
import { generateSync } from 'otplib';
import { logInAs } from '../support/account.ts';
import { freshCompany } from '../support/admin.ts';
import { apiClient } from '../support/api-client.ts';
import { createFreshUser, type FreshUser, withEmail } from '../support/fresh-user.ts';
import { linkIn, messageSince } from '../support/mailbox.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

/** The China server: on PostgreSQL, so the admin command line runs beside it (support/admin.ts). */
const server = servers.cn;
const base = `${server.url}/`;

const appCode = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
const freshUserWithEmail = async () => withEmail(server.origin, await createFreshUser(server.origin, server.region));

/** `member` joins the company of `admin` by a mailed invitation (the SDK). */
async function join(admin: FreshUser, member: FreshUser) {
  const api = apiClient(server.origin);
  const { utoken: adminToken } = await api.login(admin.account, admin.password);
  const { utoken: memberToken } = await api.login(member.account, member.password);
  const since = new Date();
  await api.call(calls.company.invite, { email: member.email! }, { token: adminToken });
  const link = linkIn(await messageSince(server.origin, member.email!, since), /\/enterprise\/join\/[\w-]+/);
  await api.call(calls.company.acceptInvitation, { token: link.split('/').pop()! }, { token: memberToken });
  await api.call(calls.session.logout, {}, { token: adminToken });
  await api.call(calls.session.logout, {}, { token: memberToken });
}

/** A second browser of the project's size, from the test's client address. */
async function secondBrowser(browser: Browser, info: TestInfo, address: string) {
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = info.project.use;
  const context = await browser.newContext({
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    extraHTTPHeaders: { 'x-forwarded-for': address },
    baseURL: base,
  });
  return context.newPage();
}

test('an admin requires two-step verification: a member is led through enrolment at sign-in @cn-only @responsive', async ({
  page,
  browser,
  clientAddress,
}, info) => {
  test.setTimeout(180_000);
  const admin = await freshUserWithEmail();
  const member = await freshUserWithEmail();
  const company = await freshCompany(server.adminEnv, admin.account, {});
  await join(admin, member);

  await logInAs(page, admin.account, admin.password, '/enterprise', base);
  const require = page.getByRole('switch', { name: 'Require two-step verification for all members' });
  await expect(require).toHaveAttribute('aria-checked', 'false');
  await require.click();
  await expect(page.getByText('Two-step verification is now required for all members')).toBeVisible();
  await page.reload();
  await expect(require).toHaveAttribute('aria-checked', 'true');

  const m = await secondBrowser(browser, info, clientAddress);
  await m.goto('login?lang=en');
  await m.getByLabel('Account').fill(member.account);
  await m.getByLabel('Password', { exact: true }).fill(member.password);
  await m.getByRole('button', { name: 'Log in' }).click();
  await expect(m.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible({ timeout: 20_000 });
  await expect(m.getByTestId('login-enrolment')).toContainText(`${company.name} requires two-step verification`);
  await expect(m.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await m.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await m.getByLabel('Code from the app').fill(appCode(secret));
  await m.getByRole('button', { name: 'Turn on' }).click();
  await expect(m.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  await m.getByRole('button', { name: 'I have saved them' }).click();
  // the login finished only now
  await expect(m).toHaveURL(/\/products$/, { timeout: 20_000 });

  await m.goto(`${base}security`);
  await expect(m.getByTestId('required-by-company')).toContainText('Your company requires two-step verification');
  await expect(m.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  await m.context().close();
});
