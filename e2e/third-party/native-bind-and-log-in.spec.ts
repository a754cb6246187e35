/**
 * Native third-party logins through the local fakes of the providers
 * (support/oauth-fake.ts): WeChat's QR login in the China build, Facebook's
 * dialog overseas — declined once, then bound on /third_bind, used to log in
 * from the login page, then unbound — at desktop and phone width, on a
 * fresh account.
 */
import { thirdPartyNames } from '@ac/protocol/third-party';
import type { Page } from '@playwright/test';
import { logInAs } from '../support/account.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { cancelAtFakeProvider, signInAtFakeProvider } from '../support/provider-sign-in.ts';
import { expect as baseExpect, test } from '../support/test.ts';

// each step loads a page (the provider's, the callback, the next): 30 s each on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

const phoneWidth = (page: Page) => (page.viewportSize()?.width ?? 1440) < 600;

/** SCREENSHOTS=1: the pages as docs/screenshots shows them. */
async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: `../docs/screenshots/${name}-${phoneWidth(page) ? 'mobile' : 'desktop'}.png` });
}

test('binds WeChat (China) or Facebook (overseas) natively, logs in with it, and unbinds it @responsive @crosswise', async ({
  page,
  baseURL,
}) => {
  // two provider round trips, two logins and an unbind, each a few page loads
  test.setTimeout(240_000);
  const region = regionOf(baseURL);
  const user = await createFreshUser(new URL(baseURL!).origin, region);
  const type = region === 'us' ? 'facebook' : 'wx';
  const name = thirdPartyNames[type];
  const identity = `e2e-native-${Date.now()}`;

  await logInAs(page, user.account, user.password);
  await page.goto('third_bind?lang=en');
  const card = page.getByTestId(`third-party-${type}`);
  await expect(card).toContainText('Not bound');
  // declined at the provider first: the callback page says so and nothing is bound
  await card.getByRole('button', { name: `Bind ${name}` }).click();
  await cancelAtFakeProvider(page);
  await expect(page.getByText(`You did not allow the binding at ${name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Back to third-party accounts' }).click();
  await expect(card).toContainText('Not bound');

  await card.getByRole('button', { name: `Bind ${name}` }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await signInAtFakeProvider(page, identity);
  await expect(page.getByText(`${name} has been bound`)).toBeVisible();
  await page.getByRole('button', { name: 'Back to third-party accounts' }).click();
  await expect(card).toContainText('Bound');
  await expect(card).toContainText(`Person ${identity}`);
  await screenshot(page, `third-party-${type}-bound`);

  // log out, then back in with the provider: a new sign-in at the provider, the same identity
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('login?lang=en');
  await page.getByTestId('third-party-login').getByTitle(`Log in with ${name}`).click();
  await signInAtFakeProvider(page, identity);
  // the callback page, the login call and the products page load one after the other: slow on a busy machine
  await expect(page).toHaveURL(/\/products$/);

  // unbind with the confirmation (the account keeps its password)
  await page.goto('third_bind?lang=en');
  await card.getByRole('button', { name: `Unbind ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unbind' }).click();
  await expect(card).toContainText('Not bound');
});
