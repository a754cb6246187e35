/**
 * The operator console's support journey (docs/operations.md): a support agent signs in for the
 * first time (password, then the enrolment of an authenticator app: the test computes the app's
 * codes from the key the page shows, with otplib; the recovery codes are shown once), finds a member by a differently spelled
 * mobile, ends their sessions and extends their membership with a reason — the member's session
 * is gone and their membership is longer —, then unlocks the member's login after wrong
 * passwords locked it (the right one works at once); the audit lists all three. axe on every
 * console route.
 * China (`@cn-only`): its members register by mobile.
 */
import { calls } from '@ac/client';
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { admin, freshStaff } from '../support/admin.ts';
import { apiClient } from '../support/api-client.ts';
import { blockingViolations } from '../support/axe.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const server = servers.cn;
const consoleUrl = `${server.origin}/admin`;
const DAY = 86_400_000;

/** The code an authenticator app shows `steps` periods of 30 s from now (each step is taken once). */
const appCode = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function noBlockingViolations(page: Page, route: string) {
  expect(await blockingViolations(page), `axe on ${route}`).toEqual([]);
}

test('support finds a member by a differently spelled mobile, ends their sessions, extends their membership and unlocks their login @cn-only', async ({
  page,
}) => {
  const member = await createFreshUser(server.origin, 'cn');
  await admin(server.adminEnv, ['membership', 'grant', '--user', member.mobile!, '--goods', 'ML2', '--days', '30']);
  const api = apiClient(server.origin);
  const { utoken } = await api.login(member.account, member.password);
  const before = await api.call(calls.memberships.mine, {}, { token: utoken });
  const endBefore = Date.parse(before.rows.find((r) => r.goodsCode === 'ML2')!.expireTime);
  const staff = await freshStaff(server.adminEnv, 'support');

  await page.goto(`${consoleUrl}/`);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await noBlockingViolations(page, 'sign-in');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Show the QR code' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  await noBlockingViolations(page, 'enrolment');
  const secret = (await page.getByTestId('enrol-key').innerText()).trim();
  await page.getByLabel('Code from the app').fill(appCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Recovery codes' })).toBeVisible();
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await noBlockingViolations(page, 'recovery codes');
  await page.getByRole('button', { name: 'I saved them, continue' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // signed out, the next sign-in asks for a code: the app's next one, then a recovery code once
  await page.getByRole('button', { name: 'Sign out' }).click();
  for (const code of [appCode(secret, 1), recoveryCodes[0]!]) {
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Second sign-in step' })).toBeVisible();
    await noBlockingViolations(page, 'second step');
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    if (code !== recoveryCodes[0]) await page.getByRole('button', { name: 'Sign out' }).click();
  }
  // a reload keeps the session: the page gets its CSRF token back from `me`
  await page.reload();

  // the mobile as the member reads it out: +86, spaces
  await page.getByRole('link', { name: 'Users', exact: true }).click();
  const m = member.mobile!;
  await page.getByRole('searchbox').fill(`+86 ${m.slice(0, 3)} ${m.slice(3, 7)} ${m.slice(7)}`);
  await page.keyboard.press('Enter');
  const row = page.getByRole('row').filter({ hasText: `+86${m}` });
  await expect(row).toContainText('mobile');
  await noBlockingViolations(page, 'users');
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: `+86${m}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sessions (1)' })).toBeVisible();
  await noBlockingViolations(page, 'user view');

  await page.getByRole('button', { name: 'End sessions' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('member lost their laptop');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('1 session ended')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sessions (0)' })).toBeVisible();
  await expect(api.call(calls.memberships.mine, {}, { token: utoken })).rejects.toMatchObject({ code: '1000002' });

  await page.getByRole('button', { name: 'Extend membership' }).click();
  const dialog = page.getByRole('dialog');
  await noBlockingViolations(page, 'extend dialog');
  await dialog.getByLabel('Days').fill('31');
  await dialog.getByLabel('Reason').fill('service outage in May');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Extended until/)).toBeVisible();

  // the member, logged in again, has the 31 days more
  const again = await api.login(member.account, member.password);
  const after = await api.call(calls.memberships.mine, {}, { token: again.utoken });
  const endAfter = Math.max(...after.rows.filter((r) => r.goodsCode === 'ML2').map((r) => Date.parse(r.expireTime)));
  expect(endAfter - endBefore).toBe(31 * DAY);
  const orders = await api.call(calls.orders.list, { pageNo: 1, pageSize: 10 }, { token: again.utoken });
  expect(orders.rows[0]).toMatchObject({ orderType: 'manualReplenishment', goodsCode: 'ML2' });

  // wrong passwords lock the member's login; support unlocks it and the right password works at once
  for (let i = 0; i < 5; i++) {
    await expect(api.login(member.account, `${member.password}-wrong`)).rejects.toMatchObject({ code: '1000001' });
  }
  await expect(api.login(member.account, member.password)).rejects.toMatchObject({ code: '0000006' });
  await page.getByRole('button', { name: 'Unlock login' }).click();
  const unlock = page.getByRole('dialog');
  await expect(unlock).toContainText('Clears the failed-login counts');
  await noBlockingViolations(page, 'unlock dialog');
  if (process.env.SCREENSHOTS === '1') {
    await page.screenshot({ path: '/tmp/journeys-console-unlock-1440.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/journeys-console-unlock-390.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await unlock.getByLabel('Reason').fill('member locked out, identity checked by phone');
  await unlock.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The login is unlocked')).toBeVisible();
  await api.login(member.account, member.password);

  await page.getByRole('link', { name: 'Audit' }).click();
  await page.getByLabel('Staff email').fill(staff.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'user.extendMembership' })).toContainText(
    'service outage in May',
  );
  await expect(page.getByRole('row').filter({ hasText: 'user.endSessions' })).toContainText('member lost their laptop');
  await expect(page.getByRole('row').filter({ hasText: 'user.unlockLogin' })).toContainText(
    'member locked out, identity checked by phone',
  );
  await noBlockingViolations(page, 'audit');
});
