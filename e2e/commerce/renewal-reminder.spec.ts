/**
 * The reminder mail 7 days before a membership ends that nothing renews
 * (docs/product.md#renewing-memberships), with the clock of the reminder pass injected: a fresh
 * member buys a year in the sandbox, the operator's `subscriptions remind --at <end − 7 days>`
 * (the hourly job's pass, docs/operations.md) mails the member through the SMTP sink, and the
 * mail's renew link opens the product centre's buy dialog.
 */
import { logInAs } from '../support/account.ts';
import { admin } from '../support/admin.ts';
import { createOrder, expiryOf } from '../support/commerce.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { linkIn, messageSince } from '../support/mailbox.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { servers } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

test.use({ baseURL: `${servers.us.url}/` });

const GOODS = 'ML-A1';
const DAY = 86_400_000;

test('mails the reminder 7 days before the end, and its renew link opens the purchase @us-only', async ({ page }) => {
  // registering the fresh account adds a mail and its activation: two minutes on a busy machine
  test.setTimeout(150_000);
  const user = await createFreshUser(servers.us.origin, 'us');
  await logInAs(page, user.account, user.password, '/products');
  await createOrder(page, GOODS, '$');
  await payInSandbox(page, 'us');
  await page.getByTestId('payment-done').click();
  await expect.poll(() => expiryOf(page, GOODS)).not.toBeNull();
  // the year ends at most 365 days after now: the pass runs as if it were 7 days before that
  const at = new Date(Date.now() + (365 - 7) * DAY).toISOString();
  const since = new Date();
  expect(await admin(servers.us.adminEnv, ['subscriptions', 'remind', '--at', at])).toMatch(
    /^reminders at .*: \d+ renewal, [1-9]\d* ending$/,
  );
  // the newest mail: the payment's receipt may arrive meanwhile, the reminder after it
  const reminder = async () => {
    const m = await messageSince(servers.us.origin, user.email!, since);
    return m.subject.includes('ends on') ? m : null;
  };
  await expect.poll(reminder, { timeout: 20_000 }).not.toBeNull();
  const mail = (await reminder())!;
  const link = linkIn(mail, new RegExp(`/products\\?renew=${GOODS}`));

  await page.goto(link);
  await expect(page.getByRole('dialog', { name: 'Buy or renew a product' })).toBeVisible();
  await expect(page.getByTestId(`catalog-item-${GOODS}`)).toBeVisible();
});
