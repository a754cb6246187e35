/**
 * My enterprise, the admin taking back (docs/product.md#enterprise,
 * docs/decisions/0014-enterprise.md): an admin withdraws an invitation and
 * the invitee's link stops working, even on the page already open; an admin
 * removes a member and the member's next call finds no company, no seat and
 * no seat membership. Each test has its own company, admin and members, made
 * on a PostgreSQL node where the admin command line runs beside the server.
 */
import { calls } from '@ac/client';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { logInAs } from '../support/account.ts';
import { freshCompany } from '../support/admin.ts';
import { apiClient } from '../support/api-client.ts';
import { createFreshUser, type FreshUser, withEmail } from '../support/fresh-user.ts';
import { messageSince } from '../support/mailbox.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

/** The China server: on PostgreSQL, so the admin command line runs beside it (support/admin.ts). */
const server = servers.cn;
const base = `${server.url}/`;
const INVALID_LINK = 'The invitation link is invalid, already used or expired';

const freshUser = () => createFreshUser(server.origin, server.region);
const freshUserWithEmail = async () => withEmail(server.origin, await freshUser());

/**
 * A second browser of the same size as the project's, from the test's client address
 * (support/test.ts), logged in as `user` on `next`.
 */
async function secondBrowser(browser: Browser, info: TestInfo, address: string, user: FreshUser, next: string) {
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
  const page = await context.newPage();
  await logInAs(page, user.account, user.password, next, base);
  return page;
}

/** The invitation link mailed to `email` since `since`. */
async function invitationLink(email: string, since: Date): Promise<string> {
  const mail = await messageSince(server.origin, email, since);
  const link = mail.body.match(/https?:\/\/\S+\/enterprise\/join\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in "${mail.subject}"`);
  return link;
}

/** `member` joins the company of `admin` by a mailed invitation and gets a seat of `goodsCode` (the SDK). */
async function memberWithSeat(admin: FreshUser, member: FreshUser, goodsCode: string): Promise<string> {
  const api = apiClient(server.origin);
  const login = (u: FreshUser) => api.login(u.account, u.password);
  const [{ utoken: adminToken }, { utoken: memberToken }] = [await login(admin), await login(member)];
  const since = new Date();
  await api.call(calls.company.invite, { email: member.email! }, { token: adminToken });
  const token = (await invitationLink(member.email!, since)).split('/').pop()!;
  await api.call(calls.company.acceptInvitation, { token }, { token: memberToken });
  const { rows } = await api.call(calls.company.members, {}, { token: adminToken });
  const userId = rows.find((r) => r.email === member.email)?.userId;
  if (!userId) throw new Error(`${member.email} did not join`);
  await api.call(calls.company.assignSeat, { userId, goodsCode }, { token: adminToken });
  await api.call(calls.session.logout, {}, { token: adminToken });
  await api.call(calls.session.logout, {}, { token: memberToken });
  return userId;
}

const memberRow = (page: Page, email: string) =>
  // a table row, or a card at phone width: both carry data-row-key
  page.getByTestId('members-table').locator('[data-row-key]', { hasText: email });

test('an admin withdraws an invitation: the invitee can no longer join with the link @cn-only', async ({
  page,
  browser,
  clientAddress,
}, info) => {
  const [admin, invitee] = await Promise.all([freshUser(), freshUserWithEmail()]);
  const company = await freshCompany(server.adminEnv, admin.account, { ML4: 1 });

  await logInAs(page, admin.account, admin.password, '/enterprise', base);
  await expect(page.getByTestId('company-name')).toHaveText(company.name);
  const since = new Date();
  await page.getByTestId('invite-email').fill(invitee.email!);
  await page.getByTestId('invite-submit').click();
  const invitations = page.getByTestId('invitations');
  await expect(invitations).toContainText(invitee.email!);
  const link = await invitationLink(invitee.email!, since);

  // the invitee logs in and opens the link while it is still open
  const joinPath = link.slice(link.indexOf('/enterprise/join/'));
  const inviteePage = await secondBrowser(browser, info, clientAddress, invitee, joinPath);
  await expect(inviteePage.getByTestId('invitation')).toContainText(`Join ${company.name}`);

  // the admin withdraws it
  await invitations.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('invitations')).toHaveCount(0);
  await expect(page.getByTestId('members-card')).not.toContainText(invitee.email!);

  // accepting on the page already open is refused, saying why; the link then shows as invalid
  await inviteePage.getByTestId('join-accept').click();
  await expect(inviteePage.getByTestId('invitation').getByRole('alert')).toContainText(INVALID_LINK);
  await inviteePage.screenshot({ path: '/tmp/journeys-invitation-withdrawn-accept.png', fullPage: true });
  await inviteePage.goto(link);
  await expect(inviteePage.getByTestId('invitation-invalid')).toContainText(INVALID_LINK);
  await expect(inviteePage.getByTestId('join-accept')).toHaveCount(0);
  await inviteePage.context().close();
});

test('an admin removes a member: the seat is free again and the member has no company on the next call @cn-only @responsive', async ({
  page,
  browser,
  clientAddress,
}, info) => {
  const phone = info.project.name.startsWith('h5');
  const [admin, member] = await Promise.all([freshUser(), freshUserWithEmail()]);
  const company = await freshCompany(server.adminEnv, admin.account, { ML4: 1 });
  await memberWithSeat(admin, member, 'ML4');

  // the member holds the seat and its membership
  const memberPage = await secondBrowser(browser, info, clientAddress, member, '/enterprise');
  await expect(memberPage.getByTestId('company-name')).toHaveText(company.name);
  await expect(memberPage.getByTestId('seat-ML4')).toContainText('Your seat');
  if (!phone) await expect(memberPage.getByRole('link', { name: 'My enterprise' })).toBeVisible();
  await memberPage.goto('products');
  await expect(memberPage.getByTestId('products-table')).toContainText('ML4');

  // the admin removes the member after confirming
  await logInAs(page, admin.account, admin.password, '/enterprise', base);
  const row = memberRow(page, member.email!);
  await expect(row.getByTestId('member-seat-ML4')).toBeVisible();
  await expect(page.getByTestId('seat-ML4').getByTestId('seat-count')).toHaveText('1 of 1 used');
  await row.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.locator('.ant-popconfirm', { hasText: 'Their seats are released.' });
  await expect(confirm).toContainText(`Remove E2E ${member.account} from the company?`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(memberRow(page, member.email!)).toHaveCount(0);
  await expect(page.getByTestId('seat-ML4').getByTestId('seat-count')).toHaveText('0 of 1 used');
  await page.screenshot({ path: `/tmp/journeys-member-removed-admin-${info.project.name}.png`, fullPage: true });

  // the member's next calls: no company, no seat membership
  await memberPage.reload();
  await expect(memberPage.getByTestId('products-table')).toContainText('You have no products yet');
  await memberPage.goto('enterprise');
  await expect(memberPage.getByTestId('no-company')).toContainText('You are not a member of a company.');
  if (!phone) await expect(memberPage.getByRole('link', { name: 'My enterprise' })).toHaveCount(0);
  await memberPage.screenshot({ path: `/tmp/journeys-member-removed-member-${info.project.name}.png`, fullPage: true });
  await memberPage.context().close();
});
