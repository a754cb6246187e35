/**
 * A refusal's catalogue message in the region's default language (China: Chinese,
 * with no language asked for) and, overseas, in the language the browser asks for
 * (non-English ones): a login nobody can pass, answered 1000001, shown above the
 * login form as the web's translation of that code.
 */
import { Code } from '@ac/protocol/codes';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { webText } from '../support/web-text.ts';

/** The web's message of a catalogue code in one language. */
const messageOf = (language: string, code: string) => webText(language, 'errors', code);

/** A failed login (no lang parameter, no cookie): the alert it shows. */
async function refusedLogin(page: Page) {
  await page.goto('login');
  // an account nobody has: the same answer as a wrong password (enumeration-safe)
  await page.locator('#login_account').fill(`nobody-${test.info().parallelIndex}-${Date.now()}@example.com`);
  await page.locator('#login_password').fill('Wrong-password-1');
  await page.locator('form#login button[type="submit"]').click();
  return page.getByRole('alert');
}

test.describe('China, no language asked for', () => {
  // a browser language the product does not have: the region's default, zh-CN
  test.use({ locale: 'xx-XX' });
  test('shows a refusal in Chinese @cn-only', async ({ page }) => {
    const alert = await refusedLogin(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(alert).toHaveText(messageOf('zh-CN', Code.loginFailed));
  });
});

for (const [locale, language] of [
  ['de-DE', 'de'],
  ['ko-KR', 'ko'],
] as const) {
  test.describe(`overseas, a browser asking for ${locale}`, () => {
    test.use({ locale });
    test(`shows a refusal in ${language} @us-only`, async ({ page }) => {
      const alert = await refusedLogin(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const text = messageOf(language, Code.loginFailed);
      expect(text).not.toBe(messageOf('en', Code.loginFailed));
      await expect(alert).toHaveText(text);
    });
  });
}
