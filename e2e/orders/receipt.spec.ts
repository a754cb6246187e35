/**
 * Receipts overseas (docs/product.md#receipts): a member fills in the billing details on the
 * profile, pays an order in the sandbox, opens the order from the order centre and downloads
 * its receipt, whose text names the billing name and the order.
 */
import { pdfText } from '../../server/test/pdf-text.ts';
import { logInAs } from '../support/account.ts';
import { createOrder } from '../support/commerce.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { payInSandbox } from '../support/sandbox-checkout.ts';
import { expect, test } from '../support/test.ts';

// a fresh account (registration, activation) and a payment: two minutes on a busy machine
test.describe.configure({ timeout: 120_000 });

test('fills in billing details, pays, and downloads the receipt from the order detail @us-only', async ({
  page,
  baseURL,
}) => {
  const user = await createFreshUser(new URL(baseURL!).origin, 'us');
  await logInAs(page, user.account, user.password, '/profile');

  const form = page.getByTestId('billing-form');
  await form.getByLabel('Name or company').fill('Receipt Tester GmbH');
  await form.getByLabel('Address line 1').fill('Friedrichstraße 12');
  await form.getByLabel('Postal code').fill('10117');
  await form.getByLabel('City').fill('Berlin');
  await form.getByLabel('Country').fill('Germany');
  await page.locator('.ant-select-item-option', { hasText: /^Germany$/ }).click();
  // a VAT id without the country's prefix is refused before it is sent
  await form.getByLabel('VAT/GST number (optional)').fill('123456789');
  await page.getByTestId('billing-save').click();
  await expect(form).toContainText('The VAT/GST number does not look right');
  await form.getByLabel('VAT/GST number (optional)').fill('DE 123 456 789');
  await page.getByTestId('billing-save').click();
  await expect(page.getByText('Billing details saved')).toBeVisible();

  await page.goto('products');
  const orderNo = await createOrder(page, 'ML-A1', '$');
  await payInSandbox(page, 'us');
  await page.getByTestId('payment-done').click();
  await expect(page.getByTestId('paid-notice')).toBeVisible();

  // the receipt mail links the order centre opened on the order
  await page.goto(`order?orderNo=${orderNo}`);
  const receipts = page.getByTestId('order-detail').getByTestId('order-receipts');
  await expect(receipts).toContainText(/Receipt R-US-\d{6}/);
  await expect(receipts).toContainText('tax not charged');
  const downloading = page.waitForEvent('download');
  await receipts.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^receipt-R-US-\d{6}\.pdf$/);
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  const { pages, text } = await pdfText(Buffer.concat(chunks));
  expect(pages).toBe(1);
  expect(text).toContain('Receipt Tester GmbH');
  expect(text).toContain(`Order: ${orderNo}`);
  expect(text).toContain('VAT/GST ID: DE123456789');
});
