import { thirdPartyNames } from '@ac/protocol/third-party';
import { logInAs } from '../support/account.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { signInAtProvider } from '../support/provider-sign-in.ts';
import { expect as baseExpect, test } from '../support/test.ts';

// each step loads a page (the provider's, the callback, the next): 30 s each on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

test('binds a provider through the local OIDC provider, logs in with it, and unbinds it', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const region = regionOf(baseURL);
  const user = await createFreshUser(new URL(baseURL!).origin, region);
  // the OpenID Connect providers of the run (support/oidc-server.ts)
  const type = region === 'us' ? 'google' : 'qq';
  const name = thirdPartyNames[type];
  const identity = `e2e-${Date.now()}`;

  await logInAs(page, user.account, user.password);
  await page.goto('third_bind');
  const card = page.getByTestId(`third-party-${type}`);
  await expect(card).toContainText('Not bound');
  await card.getByRole('button', { name: `Bind ${name}` }).click();
  await signInAtProvider(page, identity);
  await expect(page.getByText(`${name} has been bound`)).toBeVisible();
  await page.getByRole('button', { name: 'Back to third-party accounts' }).click();
  await expect(card).toContainText('Bound');
  await expect(card).toContainText(`Person ${identity}`);

  // log out, then back in with the provider
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('login?lang=en');
  await page.getByTestId('third-party-login').getByTitle(`Log in with ${name}`).click();
  // the provider may remember the sign-in and send the browser straight back: wait for one or the other
  const atProvider = page.locator('input[name="login"]');
  const back = () => /\/products$/.test(new URL(page.url()).pathname);
  await expect.poll(async () => back() || (await atProvider.isVisible())).toBe(true);
  if (!back()) await signInAtProvider(page, identity);
  await expect(page).toHaveURL(/\/products$/);

  // unbind with the confirmation
  await page.goto('third_bind');
  await card.getByRole('button', { name: `Unbind ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unbind' }).click();
  await expect(card).toContainText('Not bound');
});
