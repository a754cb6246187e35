/**
 * The personal data export through HTTP (docs/product.md#privacy): asked for
 * on the profile, built by the durable job, mailed as a single-use link
 * valid 24 hours; the ZIP holds one JSON file per part and the avatar, and
 * no secret; one export a day.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { dataExportPath, httpPaths } from '@ac/protocol/http-paths';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { linkToken, mailsTo, waitForMail } from '../../../test/registration-support.ts';
import { testAppForTests, testServices } from '../../../test/test-app.ts';
import { memberWithPassword, memberWithTotp } from '../../../test/two-factor-support.ts';
import { avatarFiles, dataExports, devices, thirdPartyBindings, users } from '../../db/schema/index.ts';

const t = testAppForTests({ demo: true });

type Member = { userId: string; email: string; ip: string; token: string };

const request = (m: Member) => t.client.from(m.ip).call(calls.profile.requestDataExport, {}, { token: m.token });
const status = (m: Member) => t.client.from(m.ip).call(calls.profile.dataExportStatus, {}, { token: m.token });
const download = (token: string) => t.app.inject({ method: 'GET', url: dataExportPath(token) });

/** Asks for an export and answers the token of the link mailed to the member. */
async function exported(m: Member) {
  const before = (await mailsTo(t.db, m.email)).length;
  const asked = await request(m);
  expect(asked.code).toBe(Code.ok);
  expect(asked.data.status).toMatch(/pending|ready/);
  const mail = await waitForMail(t.db, m.email, before + 1);
  expect(mail.subject).toBe('Your data export is ready');
  expect(mail.body).toContain('24 hours');
  return linkToken(mail.body, httpPaths.dataExportPrefix);
}

describe('a personal data export', () => {
  it('is a ZIP of every part and the avatar, without any secret', async () => {
    const m = await memberWithTotp(t);
    const avatar = `${'a'.repeat(24)}.png`;
    const png = Buffer.from('89504e470d0a1a0a-avatar-bytes');
    await t.db.insert(avatarFiles).values({ name: avatar, contentType: 'image/png', bytes: png });
    await t.db
      .update(users)
      .set({ favicon: `http://127.0.0.1${httpPaths.avatarPrefix}${avatar}` })
      .where(eq(users.id, m.userId));
    await t.db.insert(devices).values({
      userId: m.userId,
      name: 'Drafting PC',
      model: 'Workstation',
      mac: '00:11:22:33:44:55',
      uuid: `dev-${m.userId}`,
      clientVersion: '2026.1',
    });
    await t.db.insert(thirdPartyBindings).values({ userId: m.userId, provider: 'google', subject: `g-${m.userId}` });

    const token = await exported(m);
    expect((await status(m)).data).toMatchObject({ status: 'ready' });
    const res = await download(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'avatar.png',
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
    ]);
    const read = (name: string) => JSON.parse(strFromU8(files[name]!));
    expect(read('profile.json')).toMatchObject({ id: m.userId, email: m.email, nickName: 'Two Factor' });
    expect(read('profile.json')).not.toHaveProperty('passwordHash');
    expect(read('devices.json')).toEqual([expect.objectContaining({ name: 'Drafting PC', mac: '00:11:22:33:44:55' })]);
    expect(read('third-party-bindings.json')).toEqual([expect.objectContaining({ provider: 'google' })]);
    expect(read('memberships.json')).toEqual([]);
    expect(read('orders.json')).toEqual([]);
    expect(read('redeem-codes.json')).toEqual([]);
    expect(read('coupons.json')).toEqual({ granted: [], used: [] });
    expect(read('invoices.json')).toEqual({ titles: [], invoices: [], billing: null, receipts: [] });
    expect(read('company.json')).toBeNull();
    const sessionsPart = read('sessions.json');
    expect(sessionsPart.length).toBeGreaterThan(0);
    expect(sessionsPart[0]).not.toHaveProperty('tokenHash');
    expect(read('security-events.json').map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(['twoFactor.enabled', 'dataExport.requested', 'login.password']),
    );
    expect(Buffer.from(files['avatar.png']!)).toEqual(png);
    // no secret in any file
    const all = Object.entries(files)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, data]) => strFromU8(data))
      .join('\n');
    const [user] = await t.db.select().from(users).where(eq(users.id, m.userId));
    expect(all).not.toContain(user!.passwordHash!);
    expect(all).not.toContain(m.secret);
    for (const code of m.recoveryCodes) expect(all).not.toContain(code);
    expect(all).not.toMatch(/\$argon2|\$2[aby]\$|v2\.[0-9a-f]{8}\./);
    expect(all).not.toContain(token);
    expect(all).not.toMatch(/token_?hash|secret_?encrypted|password_?hash/i);
  });

  it('works once: the second download and any other token answer 2900002, the file is gone', async () => {
    const m = await memberWithPassword(t);
    const token = await exported(m);
    expect((await download(token)).statusCode).toBe(200);
    const again = await download(token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: Code.dataExportLinkInvalid });
    expect((await download('x'.repeat(43))).json()).toMatchObject({ code: Code.dataExportLinkInvalid });
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, m.userId));
    expect(row).toMatchObject({ status: 'downloaded', bytes: null });
    expect(row!.tokenHash).not.toBe(token);
    expect((await status(m)).data).toMatchObject({ status: 'downloaded' });
  });

  it('expires after 24 hours: the link answers 2900002 and the purge drops the file', async () => {
    const m = await memberWithPassword(t);
    const token = await exported(m);
    // the mail was sent 24 hours and a minute ago
    await t.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 minute'`, readyAt: sql`now() - interval '1441 minutes'` })
      .where(eq(dataExports.userId, m.userId));
    expect((await status(m)).data).toMatchObject({ status: 'expired' });
    expect((await download(token)).json()).toMatchObject({ code: Code.dataExportLinkInvalid });
    expect(await testServices(t).dataExports.purgeExpired()).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(dataExports).where(eq(dataExports.userId, m.userId));
    expect(row).toMatchObject({ status: 'expired', bytes: null });
  });

  it('is possible once a day: a second request answers 2900001 with when the next is possible', async () => {
    const m = await memberWithPassword(t);
    await exported(m);
    const second = await request(m);
    expect(second.code).toBe(Code.dataExportOncePerDay);
    const next = (await status(m)).data.nextAllowedAt!;
    expect(second.msg).toContain(next);
    expect(Date.parse(next) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // a day later it is possible again
    await t.db
      .update(dataExports)
      .set({ requestedAt: sql`now() - interval '1441 minutes'` })
      .where(eq(dataExports.userId, m.userId));
    expect((await status(m)).data.nextAllowedAt).toBeNull();
    expect((await request(m)).code).toBe(Code.ok);
    await waitForMail(t.db, m.email, 2);
  });

  it('needs an e-mail address to send the link to (2900003)', async () => {
    const m = await memberWithPassword(t);
    await t.db
      .update(users)
      .set({ email: null, mobile: `+1555${Date.now() % 10_000_000}` })
      .where(eq(users.id, m.userId));
    expect((await request(m)).code).toBe(Code.dataExportNeedsEmail);
  });
});
