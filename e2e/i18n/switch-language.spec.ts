import { logInAsDemo, regionOf } from '../support/demo.ts';
import { expect, test } from '../support/test.ts';

test('switching the language translates the page and is remembered', async ({ page }) => {
  await logInAsDemo(page);
  await page.getByTestId('language-switcher').click();
  await page.getByText('Deutsch', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Produktcenter' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto('products');
  await expect(page.getByRole('heading', { level: 1, name: 'Produktcenter' })).toBeVisible();
});

test('the default language follows the region', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'xx-XX' });
  const page = await context.newPage();
  await page.goto(`${baseURL}login`);
  const lang = regionOf(baseURL) === 'us' ? 'en' : 'zh-CN';
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await context.close();
});
