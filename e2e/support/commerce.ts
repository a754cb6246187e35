/** Steps of the commerce specs: the Buy / Renew dialog, the checkout dialog and product expiry dates. */
import { expect, type Page } from '@playwright/test';

/** The expiry date (YYYY-MM-DD) of a goods code in the product centre, or null when not held. */
export async function expiryOf(page: Page, goodsCode: string): Promise<string | null> {
  const table = page.getByTestId('products-table');
  await expect(table.locator('[data-row-key]').first()).toBeVisible();
  const row = table.locator('[data-row-key]').filter({ hasText: goodsCode });
  if ((await row.count()) === 0) return null;
  const text = ((await row.first().textContent()) ?? '').match(/\d{4}-\d{2}-\d{2}/);
  return text ? text[0] : null;
}

/** Opens Buy / Renew, checks the prices' currency and creates an order: returns the checkout dialog's order number. */
export async function createOrder(page: Page, goodsCode: string, symbol: string): Promise<string> {
  await page.getByTestId('buy-button').click();
  const item = page.getByTestId(`catalog-item-${goodsCode}`);
  await expect(item.getByTestId('catalog-price')).toContainText(symbol);
  await item.getByTestId(`buy-${goodsCode}`).click();
  const dialog = page.getByTestId('checkout-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('checkout-amount')).toContainText(symbol);
  const orderNo = await dialog.getAttribute('data-order-no');
  expect(orderNo).toMatch(/^AC\d+/);
  return orderNo!;
}

/**
 * The dates one year (365 days) after a day between `since` and now, as the
 * product centre shows them: what a membership bought or confirmed meanwhile
 * may end on. More than one when the spec ran across midnight, so a spec never
 * fails because the wall clock turned a day while it ran.
 */
export function oneYearFrom(since: Date): RegExp {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const dates = new Set<string>();
  const YEAR = 365 * 24 * 3600 * 1000;
  for (let t = since.getTime(); t < Date.now() + 24 * 3600 * 1000; t += 12 * 3600 * 1000) {
    dates.add(day(new Date(Math.min(t, Date.now()) + YEAR)));
  }
  return new RegExp(`^(${[...dates].join('|')})$`);
}
