import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { logInAsDemo } from '../support/demo.ts';

const wcag = ['wcag2a', 'wcag2aa'];

test('the login page has no WCAG A/AA violations', async ({ page }) => {
  await page.goto('login?lang=en');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  const result = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

for (const path of ['/products', '/order', '/myExchange', '/devices']) {
  test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
    await logInAsDemo(page, path);
    await page.waitForLoadState('networkidle');
    const result = await new AxeBuilder({ page }).withTags(wcag).analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
}
