/** Steps of the commerce specs: the Buy / Renew dialog, the checkout dialog and product expiry dates. */
import { expect, type Page } from '@playwright/test';

/** The expiry date (YYYY-MM-DD) of a goods code in the product centre, or null when not held. */
export async function expiryOf(page: Page, goodsCode: string): Promise<string | null> {
  const table = page.getByTestId('products-table');
  await expect(table.locator('tbody tr[data-row-key]').first()).toBeVisible();
  const row = table.locator('tbody tr[data-row-key]').filter({ hasText: goodsCode });
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

/** A date one year after `from` (or today), as the product centre shows it. */
export function oneYearAfter(from: string | null): string {
  const start = from && new Date(from) > new Date() ? new Date(`${from}T12:00:00`) : new Date();
  const end = new Date(start.getTime() + 365 * 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}`;
}
