/**
 * An invoice issued by Nuonuo, as in production (docs/decisions/0041-e-invoicing-platform.md):
 * the China server's provider is Nuonuo talking to the local fake of its open
 * platform (support/nuonuo-fake-config.ts), which checks every call's token and
 * signature, answers "issuing" to the first query and then the invoice number
 * and the PDF's address. A fresh account applies for an invoice on a paid
 * order with an e-mail address of its own, follows the record to "invoiced",
 * downloads the PDF the platform issued, and finds the electronic copy mailed
 * to that address (the SMTP sink), whose link opens the invoice. At desktop
 * and phone width: the invoice pages live in the main shell.
 */
import { FAKE_PDF } from '../../server/test/fakes/invoicing/nuonuo.fake.ts';
import { logInAs } from '../support/account.ts';
import { applicationFormFor, freshUserWithPaidOrders } from '../support/invoice.ts';
import { linkIn, messageSince } from '../support/mailbox.ts';
import { expect, test } from '../support/test.ts';

const BUYER = { name: '杭州诺诺测试科技有限公司', taxNo: '91330100MA2H3K4L5M' };

test('an invoice issued by Nuonuo is downloaded and its copy mailed to the address given @cn-only @responsive', async ({
  page,
  baseURL,
}, info) => {
  const origin = new URL(baseURL!).origin;
  const { user, orderNos } = await freshUserWithPaidOrders(origin, ['ML1']);
  const email = `e2e-invoice-${Date.now()}-${info.project.name}@example.com`;
  await logInAs(page, user.account, user.password, '/invoice/order');

  const form = await applicationFormFor(page, orderNos);
  await form.getByText('Company', { exact: true }).click();
  await form.getByLabel('Company name').fill(BUYER.name);
  await form.getByLabel('Tax number').fill(BUYER.taxNo);
  await form.getByLabel('E-mail for the invoice').fill(email);
  const applied = new Date();
  await form.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/\/invoice\/detail\?no=IV\d+$/);
  const invoiceNo = new URL(page.url()).searchParams.get('no')!;
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toContainText(BUYER.name);
  await expect(detail).toContainText(email);

  // the record polls while Nuonuo is issuing it, then shows it invoiced
  await page.goto('invoice/record');
  const row = page.getByTestId('invoice-records-table').locator(`[data-row-key="${invoiceNo}"]`);
  await expect(row).toContainText('Invoiced');

  // the PDF is the one the platform issued (the fake's file, fetched by the server from its pdfUrl)
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(FAKE_PDF)).toBe(true);
  expect(download.suggestedFilename()).toBe(`invoice-${invoiceNo}.pdf`);

  // the electronic copy, mailed to the address the member gave, in the server's language (zh-CN)
  const mail = await messageSince(origin, email, applied);
  const fiscalNo = mail.subject.match(/\b(\d{20})\b/)?.[1];
  expect(fiscalNo, `the invoice number in "${mail.subject}"`).toBeTruthy();
  expect(mail.subject).toBe(`您的发票 ${fiscalNo} 已开具`);
  expect(mail.body).toContain(invoiceNo);
  expect(mail.body).toContain(BUYER.name);
  expect(mail.body).toContain('¥68.00');

  // its link opens the invoice, issued under that number
  await page.goto(linkIn(mail, /\/invoice\/detail\?no=IV\d+/));
  await expect(page).toHaveURL(new RegExp(`/invoice/detail\\?no=${invoiceNo}$`));
  await expect(detail).toContainText('Invoiced');
  await expect(detail).toContainText(fiscalNo!);
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: `/tmp/journeys-nuonuo-issued-${info.project.name}.png`, fullPage: true });
});
