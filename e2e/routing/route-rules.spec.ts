import { logInAsDemo } from '../support/demo.ts';
import { expect, test } from '../support/test.ts';

test('an unknown path shows the not-found page', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto('no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('route titles set the document title', async ({ page }) => {
  await logInAsDemo(page, '/devices');
  await expect(page).toHaveTitle(/Device management/);
});

test('trade-only routes redirect unless the client type is a trade one @cn-only', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto('details_info');
  await expect(page).toHaveURL(/\/products$/);
  await page.goto('details_info?clientType=gs_trade_pc');
  await expect(page).toHaveURL(/\/details_info/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('China-only routes do not exist overseas @us-only', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto('invoice_manage');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
