/** China /h5/register/protocol: the user agreement on its own public page at phone width, in Chinese by default. */
import { expect, test } from '../support/test.ts';
import { webText } from '../support/web-text.ts';

// a browser language the product does not have: the region's default unless the URL asks for one
test.use({ locale: 'xx-XX' });

test('the user agreement page opens without an account, by default in Chinese @h5 @cn-only', async ({ page }) => {
  await page.goto('h5/register/protocol');
  await expect(page).toHaveURL(/\/h5\/register\/protocol$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(webText('zh-CN', 'register', 'protocolTitle'));
  await expect(page.getByTestId('terms-text')).toContainText(webText('zh-CN', 'register', 'terms1'));

  await page.goto('h5/register/protocol?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(webText('en', 'register', 'protocolTitle'));
  const terms = page.getByTestId('terms-text');
  for (const key of ['terms1', 'terms2', 'terms3', 'terms4']) {
    await expect(terms).toContainText(webText('en', 'register', key));
  }
});
