/**
 * The account's activity and the new-sign-in alert, through the envelope
 * (docs/decisions/0045-sign-in-history.md). Behind TRUST_PROXY the client's
 * address is the forwarded one: 81.2.69.142 is in Bracknell (GB) and 8.8.8.8 in
 * the US in the bundled GeoLite2 database; 10.x addresses are the local network.
 */
import type { TActivityRow } from '@ac/protocol/activity';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, testAppForTests, testServices } from '../../../test/test-app.ts';
import { forgetUsedStep, memberWithTotp, secondStepTicket, totpCode } from '../../../test/two-factor-support.ts';
import { auditLog, outbox, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/hashing.ts';
import { DAY } from '../../lib/time.ts';

const PASSWORD = 'Activity-Horse-42';
const GB_IP = '81.2.69.142';
const US_IP = '8.8.8.8';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let serial = 0;
async function member(t: TestApp, contact: 'email' | 'mobile' = 'email') {
  serial += 1;
  const email = `activity-${serial}-${Date.now()}@example.com`;
  const mobile = `+1415555${String(1000 + serial).padStart(4, '0')}`;
  const [row] = await t.db
    .insert(users)
    .values({
      name: `activity${serial}${Date.now()}`,
      nickName: 'Activity',
      ...(contact === 'email' ? { email } : { mobile }),
      passwordHash: await hashPassword(PASSWORD),
      isActivate: true,
    })
    .returning();
  if (!row) throw new Error('no user');
  return { id: row.id, account: contact === 'email' ? email : mobile };
}

const signIn = (t: TestApp, account: string, o: { ip: string; ua: string; password?: string; language?: string }) =>
  t.client.call<TLoginResponse>(
    calls.session.login,
    { account, password: o.password ?? PASSWORD },
    {
      headers: { 'x-forwarded-for': o.ip, 'user-agent': o.ua },
      ...(o.language ? { clientInfo: { language: o.language } } : {}),
    },
  );
const activity = async (t: TestApp, token: string, kind?: 'all' | 'signIn' | 'event') =>
  (await t.client.call<{ rows: TActivityRow[] }>(calls.session.activity, kind ? { kind } : {}, { token })).data.rows;
const mailsTo = (t: TestApp, to: string) => t.db.select().from(outbox).where(eq(outbox.recipient, to));

describe('the activity', () => {
  const t = testAppForTests({ env: { TRUST_PROXY: '1' } });

  it('shows a failed attempt for the targeted account with its place and browser, and a success', async () => {
    const m = await member(t);
    expect((await signIn(t, m.account, { ip: GB_IP, ua: FIREFOX_LINUX, password: 'Wrong-password-1' })).code).toBe(
      Code.loginFailed,
    );
    const ok = await signIn(t, m.account, { ip: '10.1.2.3', ua: CHROME_WINDOWS });
    expect(ok.code).toBe(Code.ok);
    const rows = await activity(t, ok.data.utoken, 'signIn');
    expect(rows).toHaveLength(2);
    const [success, failed] = rows;
    expect(success).toMatchObject({
      kind: 'signIn',
      success: true,
      what: 'password',
      ip: '10.1.2.3',
      place: { local: true, country: null },
      clientType: 'User_PC',
      browser: 'Chrome 131',
      os: 'Windows 10',
    });
    expect(failed).toMatchObject({
      kind: 'signIn',
      success: false,
      what: 'password',
      ip: GB_IP,
      place: { country: 'GB', city: 'Bracknell', region: 'England', local: false },
      browser: 'Firefox 133',
      os: 'Linux',
    });
  });

  it('does not show another account’s attempts, nor attempts on an account that does not exist', async () => {
    const a = await member(t);
    const b = await member(t);
    await signIn(t, b.account, { ip: GB_IP, ua: FIREFOX_LINUX, password: 'Wrong-password-1' });
    await signIn(t, 'nobody-here@example.com', { ip: GB_IP, ua: FIREFOX_LINUX });
    const token = (await signIn(t, a.account, { ip: GB_IP, ua: FIREFOX_LINUX })).data.utoken;
    const rows = await activity(t, token);
    expect(rows.map((r) => r.success)).toEqual([true]);
    const targeted = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'login.failed'), eq(auditLog.userId, b.id)));
    expect(targeted).toHaveLength(1);
    const nobody = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'login.failed'), isNull(auditLog.userId), eq(auditLog.userAgent, FIREFOX_LINUX)));
    expect(nobody.length).toBeGreaterThan(0);
  });

  it('lists security events: a password change, sessions signed out', async () => {
    const m = await member(t);
    const token = (await signIn(t, m.account, { ip: US_IP, ua: CHROME_WINDOWS })).data.utoken;
    await signIn(t, m.account, { ip: US_IP, ua: CHROME_WINDOWS });
    expect((await t.client.call(calls.session.signOutOthers, {}, { token })).code).toBe(Code.ok);
    const changed = await t.client.call(
      calls.password.update,
      { type: 'password', oldPassword: PASSWORD, newPassword: 'Activity-Battery-77' },
      { token },
    );
    expect(changed.code).toBe(Code.ok);
    const events = await activity(t, token, 'event');
    expect(events.map((e) => e.what)).toEqual(['password.changed', 'session.signedOutOthers']);
    expect(events[1]).toMatchObject({ kind: 'event', success: true, detail: '1', place: { local: true } });
    expect((await activity(t, token)).length).toBe(4);
  });

  it('"This wasn\'t me" ends every session of the member, this one too; 2800001 for a row not theirs', async () => {
    const m = await member(t);
    const other = await member(t);
    const first = (await signIn(t, m.account, { ip: GB_IP, ua: FIREFOX_LINUX })).data.utoken;
    const second = (await signIn(t, m.account, { ip: US_IP, ua: CHROME_WINDOWS })).data.utoken;
    const otherToken = (await signIn(t, other.account, { ip: US_IP, ua: CHROME_WINDOWS })).data.utoken;
    const [foreign] = await activity(t, otherToken);
    const notTheirs = await t.client.call(calls.session.notMe, { id: foreign?.id }, { token: second });
    expect(notTheirs.code).toBe(Code.activityNotFound);
    expect((await t.client.call(calls.session.notMe, { id: 'x' }, { token: second })).code).toBe(Code.invalidParam);

    const suspicious = (await activity(t, second)).find((r) => r.ip === GB_IP);
    const res = await t.client.call(calls.session.notMe, { id: suspicious?.id }, { token: second });
    expect(res).toMatchObject({ code: Code.ok, data: { ended: 2 } });
    for (const token of [first, second]) {
      expect((await t.client.call(calls.session.userInfo, {}, { token })).code).toBe(Code.sessionRevoked);
    }
    expect((await t.client.call(calls.session.userInfo, {}, { token: otherToken })).code).toBe(Code.ok);
    const again = (await signIn(t, m.account, { ip: US_IP, ua: CHROME_WINDOWS })).data.utoken;
    expect((await activity(t, again, 'event'))[0]).toMatchObject({ what: 'session.notMe', detail: '2' });
  });

  it('shows two-step verification turned on, and a sign-in finished by the second step', async () => {
    const m = await memberWithTotp(t);
    const ticket = await secondStepTicket(t, m);
    await forgetUsedStep(t, m.userId);
    const done = await t.client
      .from(m.ip)
      .call<TLoginResponse>(calls.session.loginSecondStep, { ticket, code: totpCode(m.secret), trustBrowser: false });
    expect(done.code).toBe(Code.ok);
    const rows = await activity(t, done.data.utoken);
    expect(rows.map((r) => [r.kind, r.what, r.detail])).toEqual([
      ['signIn', 'password', 'totp'],
      ['event', 'twoFactor.enabled', null],
      ['signIn', 'password', null],
    ]);
  });

  it('purges the rows older than 90 days, and only the activity’s', async () => {
    const m = await member(t);
    const token = (await signIn(t, m.account, { ip: GB_IP, ua: FIREFOX_LINUX })).data.utoken;
    const old = new Date(Date.now() - 91 * DAY);
    await t.db.insert(auditLog).values([
      { event: 'login.password', userId: m.id, ip: US_IP, at: old, clientType: 'User_PC' },
      { event: 'password.changed', userId: m.id, ip: US_IP, at: new Date(Date.now() - 89 * DAY) },
      { event: 'order.created', userId: m.id, at: old },
    ]);
    expect((await activity(t, token)).length).toBe(2);
    expect(await testServices(t).activity.purge()).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(auditLog).where(eq(auditLog.userId, m.id));
    expect(left.map((r) => r.event).sort()).toEqual(['login.password', 'order.created', 'password.changed']);
    expect(left.find((r) => r.event === 'login.password')?.at.getTime()).toBeGreaterThan(old.getTime());
  });
});

describe('the new-sign-in alert', () => {
  const t = testAppForTests({ env: { TRUST_PROXY: '1' } });
  const alerts = async (to: string) => (await mailsTo(t, to)).filter((m) => /sign-in|Anmeldung|登录/i.test(m.subject));

  it('is not sent for the first sign-in after registration', async () => {
    const m = await member(t);
    expect((await signIn(t, m.account, { ip: GB_IP, ua: CHROME_WINDOWS })).code).toBe(Code.ok);
    expect(await mailsTo(t, m.account)).toEqual([]);
  });

  it('is sent for a new browser, in the language of the sign-in, with time, place, browser and the link', async () => {
    const m = await member(t);
    await signIn(t, m.account, { ip: GB_IP, ua: CHROME_WINDOWS });
    await signIn(t, m.account, { ip: GB_IP, ua: CHROME_WINDOWS });
    expect(await alerts(m.account)).toEqual([]);
    expect((await signIn(t, m.account, { ip: GB_IP, ua: FIREFOX_LINUX, language: 'de' })).code).toBe(Code.ok);
    const [mail] = await mailsTo(t, m.account);
    expect(mail?.subject).toBe('Neue Anmeldung bei Ihrem Konto');
    expect(mail?.body).toContain('Bracknell, England, Vereinigtes Königreich');
    expect(mail?.body).toContain('Firefox 133, Linux');
    expect(mail?.body).toMatch(/Zeit: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(mail?.body).toContain('http://127.0.0.1:8080/account/secure/activity');
    // now known: no second alert
    await signIn(t, m.account, { ip: GB_IP, ua: FIREFOX_LINUX, language: 'de' });
    expect(await mailsTo(t, m.account)).toHaveLength(1);
  });

  it('is sent for a known browser from a new country, in English by default language', async () => {
    const m = await member(t);
    await signIn(t, m.account, { ip: GB_IP, ua: CHROME_WINDOWS });
    await signIn(t, m.account, { ip: US_IP, ua: CHROME_WINDOWS });
    const [mail] = await mailsTo(t, m.account);
    expect(mail?.subject).toBe('New sign-in to your account');
    expect(mail?.body).toContain('United States');
  });

  it('goes by SMS to an account with only a mobile', async () => {
    const m = await member(t, 'mobile');
    await signIn(t, m.account, { ip: GB_IP, ua: CHROME_WINDOWS });
    await signIn(t, m.account, { ip: GB_IP, ua: FIREFOX_LINUX, language: 'zh-CN' });
    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, m.account), inArray(outbox.channel, ['sms'])));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.body).toContain('您的账号在新的浏览器');
  });
});
