/**
 * The personal data export (docs/product.md#privacy): asked for on the
 * profile's Privacy card (desktop, and the /h5 profile at phone width), mailed
 * through the SMTP sink as a link that works once; the ZIP is read here and
 * each part checked; a second request the same day is refused.
 */
import { strFromU8, unzipSync } from 'fflate';
import { logInAs } from '../support/account.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser, withEmail } from '../support/fresh-user.ts';
import { linkIn, messageSince } from '../support/mailbox.ts';
import { recordSecrets } from '../support/secrets.ts';
import { expect, test } from '../support/test.ts';

const PARTS = [
  'company.json',
  'coupons.json',
  'devices.json',
  'invoices.json',
  'memberships.json',
  'orders.json',
  'profile.json',
  'redeem-codes.json',
  'security-events.json',
  'sessions.json',
  'third-party-bindings.json',
];

for (const shell of ['desktop', 'h5'] as const) {
  test(`asks for a copy of the data and downloads the mailed ZIP once (${shell})${shell === 'h5' ? ' @h5' : ''}`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    const region = regionOf(baseURL);
    const fresh = await createFreshUser(origin, region);
    // the link goes by e-mail: a China (mobile) account binds an address first
    const user = fresh.email ? fresh : await withEmail(origin, fresh);
    await logInAs(page, user.account, user.password, shell === 'h5' ? '/h5/profile' : '/profile');
    const card = page.getByTestId('data-export');
    await expect(card).toContainText('A copy of your data');
    const since = new Date();
    await card.getByRole('button', { name: shell === 'h5' ? 'Request' : 'E-mail me my data' }).click();
    await expect(page.getByText('We are preparing your data and will e-mail you the link')).toBeVisible();

    const mail = await messageSince(origin, user.email!, since);
    expect(mail.subject).toBe('Your data export is ready');
    const link = linkIn(mail, /\/user\/v5\/dataExport\/download\/[\w-]+/);
    recordSecrets([{ kind: 'token', value: link.split('/').pop()! }]);
    await expect(page.getByTestId('data-export-status')).toContainText('The link was e-mailed to you', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('data-export-status')).toContainText('The next export is possible from');
    await expect(card.getByRole('button')).toBeDisabled();

    const res = await page.request.get(link);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.body()));
    for (const part of PARTS) expect(Object.keys(files)).toContain(part);
    const read = (name: string) => JSON.parse(strFromU8(files[name]!));
    expect(read('profile.json')).toMatchObject({ email: user.email });
    expect(read('profile.json')).not.toHaveProperty('passwordHash');
    expect(read('sessions.json').length).toBeGreaterThan(0);
    expect(read('security-events.json').map((e: { event: string }) => e.event)).toContain('dataExport.requested');
    for (const part of ['memberships.json', 'orders.json', 'redeem-codes.json', 'devices.json']) {
      expect(Array.isArray(read(part))).toBe(true);
    }
    expect(read('coupons.json')).toHaveProperty('granted');
    expect(read('invoices.json')).toHaveProperty('invoices');
    if (region === 'cn') expect(Object.keys(files)).toContain('trade-account.json');
    const all = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(all).not.toContain(user.password);
    expect(all).not.toMatch(/passwordHash|tokenHash|secretEncrypted|\$argon2/);

    // the link works once
    const again = await page.request.get(link);
    expect(again.status()).toBe(404);
    expect((await again.json()).code).toBe('2900002');
    await page.reload();
    await expect(page.getByTestId('data-export-status')).toContainText('Your last export was downloaded.');
  });
}
