/**
 * WeChat login inside WeChat's own browser (MicroMessenger User-Agent): the
 * in-app authorize URL of the official account instead of the QR page, and
 * the same person as the website app's QR login (one unionid), so an
 * identity bound in an ordinary browser logs in from the WeChat browser.
 */

import { logInAs } from '../support/account.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { OAUTH_FAKE, WECHAT_BROWSER_UA } from '../support/oauth-fake-config.ts';
import { signInAtFakeProvider } from '../support/provider-sign-in.ts';
import { expect as baseExpect, test } from '../support/test.ts';

// each step loads a page (the provider's, the callback, the next): 30 s each on a busy machine
const expect = baseExpect.configure({ timeout: 30_000 });

test('a WeChat identity bound by QR login logs in from the WeChat browser through the official account @cn-only', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const user = await createFreshUser(new URL(baseURL!).origin, 'cn');
  const identity = `e2e-inapp-${Date.now()}`;

  // an ordinary browser binds WeChat by the QR login (the website app)
  await logInAs(page, user.account, user.password);
  await page.goto('third_bind?lang=en');
  const card = page.getByTestId('third-party-wx');
  await card.getByRole('button', { name: 'Bind WeChat' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/wx/connect/qrconnect');
  await signInAtFakeProvider(page, identity);
  await expect(page.getByText('WeChat has been bound')).toBeVisible();

  // WeChat's browser on a phone gets the official account's in-app page, and the same person logs in
  const wechat = await browser.newContext({
    baseURL,
    userAgent: WECHAT_BROWSER_UA,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const phone = await wechat.newPage();
    await phone.goto('login?lang=en');
    await phone.getByTestId('third-party-login').getByTitle('Log in with WeChat').click();
    await expect(phone).toHaveURL(
      (url) =>
        url.pathname === '/wx/connect/oauth2/authorize' &&
        url.searchParams.get('appid') === OAUTH_FAKE.wxInApp.clientId,
    );
    await signInAtFakeProvider(phone, identity);
    await expect(phone).toHaveURL(/\/products$/);
  } finally {
    await wechat.close();
  }
});
