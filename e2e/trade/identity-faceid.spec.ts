/**
 * Real-name verification through Tencent Cloud FaceID, as in production
 * (docs/decisions/0042-real-name-verification.md): the China server's
 * verifier is Tencent's SDK talking to the local fake of IdCardVerification
 * (support/faceid-fake-config.ts), which checks the TC3 signature and answers
 * from its records. On the trade account's identity page (/auth) a fresh
 * account is refused with the catalogue's message when the name does not
 * match the number on record, and when the number is not on record at all,
 * then verified with the name on record and shown masked. At desktop and
 * phone width.
 */
import type { Page } from '@playwright/test';
import { FACEID_FAKE, FACEID_RECORDS, type FaceIdCheck } from '../support/faceid-fake-config.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { expect, test } from '../support/test.ts';

/** A number on record per project (the two run side by side; each reads only its number's checks). */
const ON_RECORD = {
  'desktop-cn': { idNumber: '440106198703151238', masked: '440***********1238' },
  'h5-cn': { idNumber: '310104199001011233', masked: '310***********1233' },
} as const;
// a valid check character, but no record of it at the fake authority
const NOT_ON_RECORD = '110101199003074573';

/** The checks the FaceID fake answered for `idNumber`, oldest first. */
async function checksOf(idNumber: string): Promise<FaceIdCheck[]> {
  const answer = await fetch(`${FACEID_FAKE.checksUrl}?to=${encodeURIComponent(idNumber)}`);
  return (await answer.json()) as FaceIdCheck[];
}

async function freshTradeUserOnAuth(page: Page, baseURL: string | undefined) {
  const user = await createFreshUser(new URL(baseURL!).origin, 'cn');
  await page.goto(`login?lang=en&clientType=gs_trade_pc&redirect=${encodeURIComponent('/auth')}`);
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

test('FaceID refuses a name that does not match and a number not on record, then verifies @cn-only @responsive', async ({
  page,
  baseURL,
}, info) => {
  const { idNumber: ID_NUMBER, masked } = ON_RECORD[info.project.name as keyof typeof ON_RECORD];
  const NAME_ON_RECORD = FACEID_RECORDS[ID_NUMBER];
  await freshTradeUserOnAuth(page, baseURL);
  await expect(page.getByRole('heading', { level: 1, name: 'Identity verification' })).toBeVisible();
  const before = (await checksOf(ID_NUMBER)).length;

  /** One verification, answered before the next (the alert of the try before may look the same). */
  const verify = async (name: string, idNumber: string) => {
    await page.getByLabel('Real name').fill(name);
    await page.getByLabel('Resident ID number').fill(idNumber);
    const answered = page.waitForResponse((r) => r.url().includes('saveAuthentication'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await answered;
  };

  // a valid name and number the authority holds under another name: the catalogue's 1300008
  await verify('赵小明', ID_NUMBER);
  await expect(page.getByRole('alert').filter({ hasText: 'does not match' })).toHaveText(
    'The name does not match the ID number',
  );
  await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
  // the provider was asked, with what the member typed
  await expect.poll(async () => (await checksOf(ID_NUMBER)).slice(before).map((c) => c.text)).toEqual(['赵小明']);
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: `/tmp/journeys-faceid-mismatch-${info.project.name}.png`, fullPage: true });

  // a number the authority does not know: 1300009
  await verify(NAME_ON_RECORD, NOT_ON_RECORD);
  await expect(page.getByRole('alert').filter({ hasText: 'not on record' })).toHaveText(
    'This ID number is not on record; please check it',
  );

  // the name on record: verified, shown masked
  await verify(NAME_ON_RECORD, ID_NUMBER);
  await expect(page.locator('.ant-result-success')).toContainText('Identity verified');
  await expect(page.getByTestId('masked-id')).toHaveText(masked);
  await expect(page.getByRole('row', { name: /Real name/ })).toContainText(`**${NAME_ON_RECORD.slice(-1)}`);
  await expect(page.getByText(ID_NUMBER)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verify' })).toHaveCount(0);
  expect((await checksOf(ID_NUMBER)).slice(before).map((c) => c.text)).toEqual(['赵小明', NAME_ON_RECORD]);
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: `/tmp/journeys-faceid-verified-${info.project.name}.png`, fullPage: true });

  await page.reload();
  await expect(page.getByTestId('masked-id')).toHaveText(masked);
});
