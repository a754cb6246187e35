import { logInAsDemo } from '../support/demo.ts';
import { expectNoSideScroll } from '../support/layout.ts';
import { expect, test } from '../support/test.ts';

test('the h5 shell shows the profile and devices at phone width @h5', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto('h5');
  await expect(page).toHaveURL(/\/h5\/profile$/);
  await expect(page.getByTestId('h5-profile-list')).toContainText('demo@example.com');
  await page.goto('h5/devices');
  await expect(page.getByTestId('devices-list')).toContainText('DESIGN-WS-01');
});

test('the h5 profile shows the mainland mobile as people write it @h5 @cn-only', async ({ page }) => {
  await logInAsDemo(page);
  await page.goto('h5/profile');
  const list = page.getByTestId('h5-profile-list');
  // stored as +8613800000000, shown in the national form
  await expect(list).toContainText('138 0000 0000');
  await expect(list).not.toContainText('+86');
  await expectNoSideScroll(page);
});

test('the desktop pages work at phone width too @h5', async ({ page }) => {
  await logInAsDemo(page);
  await expect(page.getByTestId('products-table')).toContainText('ML2');
});
