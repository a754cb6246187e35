/**
 * My enterprise: an admin invites a new account by mail (read from the SMTP
 * sink), the invitee logs in from the link and joins, the admin assigns a
 * seat, and the member finds the seat's membership in the product centre.
 * The company, its admin and the member are the spec's own, made by the
 * admin command line beside the overseas server (on its database): the demo
 * company's members and seats stay as they are, and a retry starts clean.
 */
import type { Page } from '@playwright/test';
import { logInAs } from '../support/account.ts';
import { freshCompany } from '../support/admin.ts';
import { blockingViolations } from '../support/axe.ts';
import { logInAsDemo } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { messageSince } from '../support/mailbox.ts';
import { serverOf } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

const shots = process.env.SCREENSHOTS === '1';
// a long journey through two browser contexts: generous waits on a busy machine
const slow = expect.configure({ timeout: 30_000 });

async function logInFromLogin(page: Page, account: string, password: string) {
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('an admin invites a member by mail, the member joins and gets the seat @us-only @responsive', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const phone = info.project.name.startsWith('h5');
  const server = serverOf(new URL(baseURL!).origin);
  const base = `${server.url}/`;
  const [owner, member] = await Promise.all([
    createFreshUser(server.origin, 'us'),
    createFreshUser(server.origin, 'us'),
  ]);
  const company = await freshCompany(server.adminEnv, owner.account, { ML4: 1 });

  // the admin invites from the enterprise page ("my enterprise" in the header on desktop)
  if (phone) await logInAs(page, owner.account, owner.password, '/enterprise', base);
  else {
    await logInAs(page, owner.account, owner.password, '', base);
    await page.getByRole('link', { name: 'My enterprise' }).click();
    await slow(page).toHaveURL(/\/enterprise$/);
  }
  await slow(page.getByTestId('company-name')).toHaveText(company.name);
  await slow(page.getByTestId('company-state')).toHaveText('Active');
  await slow(page.getByTestId('seat-ML4')).toBeVisible();
  const since = new Date();
  await page.getByTestId('invite-email').fill(member.email!);
  await page.getByTestId('invite-submit').click();
  await slow(page.getByTestId('invitations')).toContainText(member.email!);

  const mail = await messageSince(server.origin, member.email!, since);
  expect(mail.subject).toBe(`You are invited to join ${company.name}`);
  const link = mail.body.match(/https?:\/\/\S+\/enterprise\/join\/[\w-]+/)?.[0];
  expect(link).toBeTruthy();

  // the invitee opens the link logged out, logs in and comes back to accept
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = info.project.use;
  const invitee = await browser.newContext({
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    baseURL: base,
  });
  const memberPage = await invitee.newPage();
  await memberPage.goto(`${link}?lang=en`);
  await slow(memberPage).toHaveURL(/\/login\?/);
  await logInFromLogin(memberPage, member.account, member.password);
  await slow(memberPage.getByTestId('invitation')).toContainText(`Join ${company.name}`);
  await memberPage.getByTestId('join-accept').click();
  await slow(memberPage).toHaveURL(/\/enterprise$/);
  await slow(memberPage.getByTestId('company-name')).toHaveText(company.name);
  // a member may not manage members
  await slow(memberPage.getByTestId('members-no-permission')).toContainText('No permission temporarily!');
  // the link works once
  await memberPage.goto(link!);
  await slow(memberPage.getByTestId('invitation-invalid')).toBeVisible();

  // the admin assigns the company's ML4 seat to the new member
  await page.reload();
  // a table row, or a card at phone width: both carry data-row-key
  const row = page.getByTestId('members-table').locator('[data-row-key]', { hasText: member.email! });
  await slow(row).toBeVisible();
  await row.getByTestId('seat-select').click();
  await page.locator('.ant-select-item-option', { hasText: 'ML4' }).click();
  await row.getByTestId('seat-assign').click();
  await slow(row.getByTestId('member-seat-ML4')).toBeVisible();
  // the admin's view (members, seats, the Remove buttons), which the every-route sweep's fresh user never has
  expect(await blockingViolations(page)).toEqual([]);
  if (shots) {
    await page.screenshot({
      path: `../docs/screenshots/enterprise-admin-${phone ? 'mobile' : 'desktop'}.png`,
      fullPage: true,
    });
  }

  // the member sees the seat's membership in the product centre
  await memberPage.goto('products');
  await slow(memberPage.getByText('Viewer Enterprise').first()).toBeVisible();
  await memberPage.goto('enterprise');
  await slow(memberPage.getByTestId('seat-ML4')).toContainText('Your seat');
  expect(await blockingViolations(memberPage)).toEqual([]);
  if (shots) {
    await memberPage.screenshot({
      path: `../docs/screenshots/enterprise-member-${phone ? 'mobile' : 'desktop'}.png`,
      fullPage: true,
    });
  }
  await invitee.close();
});

test('"my cloud" comes from the configuration: a link overseas @us-only', async ({ page }) => {
  await logInAsDemo(page);
  await expect(page.getByRole('link', { name: 'My cloud' })).toHaveAttribute('href', 'https://cloud.example.com/us');
});

test('"my cloud" without a URL is hidden, not disabled @cn-only', async ({ page }) => {
  await logInAsDemo(page);
  await expect(page.getByRole('link', { name: 'My enterprise' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My cloud' })).toHaveCount(
    0,
  );
  await expect(page.getByText('My cloud')).toHaveCount(0);
});
