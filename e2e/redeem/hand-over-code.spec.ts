/**
 * Handing a bought code to a member by mail (docs/decisions/0027-buying-redeem-codes.md, "Handing a
 * code over"): a company admin buys 2 codes in the sandbox checkout, sends one from the order's
 * codes to a member's address; the mail reaches the SMTP sink with the code and the link to
 * /redeemcode, the member redeems it there, and the admin sees it redeemed. The company and its two
 * accounts are the spec's own (the admin command line beside the region's server, the
 * invitation through the public calls), so a retry starts clean. Two runs cover both regions and
 * both widths (China at desktop width, overseas at phone width, where the codes are cards): the
 * codes' layout at each width in each region is buy-codes.spec.ts's, and the run stays short.
 */
import { calls } from '@ac/client';
import { logInAs } from '../support/account.ts';
import { admin } from '../support/admin.ts';
import { apiClient } from '../support/api-client.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser, type FreshUser, withEmail } from '../support/fresh-user.ts';
import { linkIn, type Message, messageSince } from '../support/mailbox.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { type JourneyServer, serverOf } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

// two fresh accounts, the admin command line, a checkout and a mail: generous waits on a busy machine
const slow = expect.configure({ timeout: 30_000 });

/** A company of its own with `owner` as its admin and `member` joined through a mailed invitation. */
async function companyOf(server: JourneyServer, owner: FreshUser, member: FreshUser): Promise<string> {
  const name = `E2E Hand-over ${Date.now().toString(36)}${process.pid}`;
  const created = await admin(server.adminEnv, ['companies', 'create', '--name', name, '--end', '2099-12-31']);
  const id = created.split('\t')[0]!;
  await admin(server.adminEnv, ['companies', 'add-admin', '--company', id, '--user', owner.account]);

  const api = apiClient(server.origin);
  const login = async (u: FreshUser) => (await api.login(u.account, u.password)).utoken;
  const since = new Date();
  await api.call(calls.company.invite, { email: member.email! }, { token: await login(owner) });
  const invitation = await messageSince(server.origin, member.email!, since);
  const token = linkIn(invitation, /\/enterprise\/join\/[\w-]+/)
    .split('/')
    .pop()!;
  await api.call(calls.company.acceptInvitation, { token }, { token: await login(member) });
  return name;
}

test('an admin sends a bought code to a member by mail and the member redeems it @responsive @crosswise', async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(240_000);
  const region = regionOf(baseURL);
  const server = serverOf(new URL(baseURL!).origin);
  const [owner, fresh] = await Promise.all([
    createFreshUser(server.origin, region),
    createFreshUser(server.origin, region),
  ]);
  // the member needs an address (a China account is made by mobile)
  const member = fresh.email ? fresh : await withEmail(server.origin, fresh);
  const company = await companyOf(server, owner, member);

  // the admin buys 2 codes in the sandbox checkout
  await logInAs(page, owner.account, owner.password, '/redeemcode/order', `${server.url}/`);
  await page.getByTestId('buy-codes').click();
  const dialog = page.getByTestId('buy-codes-dialog');
  await dialog.getByTestId('buy-codes-offer').click();
  await page.locator('.ant-select-item-option', { hasText: /Viewer Premium.*365/ }).click();
  await dialog.getByTestId('buy-codes-quantity').fill('2');
  await page.getByTestId('buy-codes-continue').click();
  const orderNo = await page.getByTestId('checkout-dialog').getAttribute('data-order-no');
  await payInSandbox(page, region);
  await page.getByTestId('payment-done').click();
  await slow(page.getByTestId('paid-notice')).toBeVisible();

  // the order's codes; the first goes to the member
  await page.getByTestId(`redeem-order-open-${orderNo}`).click();
  const codes = page.getByTestId('redeem-order-detail').getByTestId('redeem-order-code');
  await slow(codes).toHaveCount(2);
  const code = (await codes.first().textContent())!.trim();
  // a table row, or a card at phone width: both carry data-row-key
  const row = page.getByTestId('redeem-order-codes').locator('[data-row-key]', { hasText: code });
  const since = new Date();
  await row.getByRole('textbox', { name: 'Member email' }).fill(member.email!);
  await row.getByRole('button', { name: 'Send to a member' }).click();
  await slow(page.getByText(`Sent to ${member.email}`, { exact: true })).toBeVisible();
  await slow(row).toContainText(`Last sent to ${member.email}`);

  // the mail as delivered: the code and the way to redeem it, in the admin's language
  let mail: Message | undefined;
  await expect
    .poll(async () => {
      mail = await messageSince(server.origin, member.email!, since);
      return mail.subject;
    })
    .toBe(`A redeem code from ${company}`);
  expect(mail!.body).toContain(code);
  expect(mail!.body).toContain('Viewer Premium');
  const link = linkIn(mail!, /\/redeemcode\b/);
  expect(link).toBe(`${server.url}/redeemcode`);
  if (info.project.name.startsWith('h5')) await page.screenshot({ path: info.outputPath('handed-over.png') });

  // the member follows the link and redeems the code
  const { viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = info.project.use;
  const context = await browser.newContext({ viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, baseURL });
  const memberPage = await context.newPage();
  await logInAs(memberPage, member.account, member.password, '', `${server.url}/`);
  await memberPage.goto(link);
  await memberPage.getByTestId('redeem-input').fill(code);
  await memberPage.getByTestId('redeem-submit').click();
  await expect(memberPage.getByTestId('redeem-preview-dialog')).toContainText('Viewer Premium');
  await memberPage.getByTestId('redeem-confirm').click();
  await slow(memberPage.getByTestId('redeem-success')).toContainText('Viewer Premium');
  await context.close();

  // the admin sees it redeemed, and it can no longer be sent
  await page.reload();
  await page.getByTestId(`redeem-order-open-${orderNo}`).click();
  await slow(row).toContainText('Redeemed');
  await expect(row.getByRole('textbox', { name: 'Member email' })).toHaveCount(0);
});
