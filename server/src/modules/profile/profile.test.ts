import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TUserDetail } from '@ac/protocol/profile';
import type { TLoginResponse } from '@ac/protocol/session';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCaptcha, sendCode } from '../../../test/codes-helper.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog, outbox, sessions, users } from '../../db/schema/index.ts';
import { hashPassword, sha256Hex } from '../../lib/hashing.ts';
import { DEMO_EMAIL, DEMO_MOBILE, DEMO_PASSWORD } from '../../seed/demo.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true, adapters: { captcha: fixedCaptcha } });
  await t.db
    .insert(users)
    .values({ name: 'other', nickName: 'Other', email: 'taken@example.com', mobile: '13911112222' });
  token = (await login(DEMO_EMAIL)).data.utoken;
});
afterAll(() => t.close());

const login = (account: string, password = DEMO_PASSWORD) =>
  t.client.call<TLoginResponse>(calls.session.login, { account, password });
const detail = () => t.client.call<TUserDetail>(calls.profile.getUserDetail, {}, { token });
const update = (payload: Record<string, unknown>) =>
  t.client.call<TUserDetail>(calls.profile.update, { nickName: 'Demo User', ...payload }, { token });
const lastMessageTo = async (recipient: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.createdAt)).limit(1))[0];

describe('getUserDetail', () => {
  it('returns the profile of the logged-in user', async () => {
    const res = await detail();
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({
      nickName: 'Demo User',
      email: DEMO_EMAIL,
      mobile: DEMO_MOBILE,
      location: 'US',
      company: 'Demo Engineering Ltd.',
      position: 'designer',
      favicon: null,
      hasPassword: true,
    });
  });

  it('needs a session, as do every other profile and security call (0000005)', async () => {
    for (const [path, payload] of [
      [calls.profile.getUserDetail, {}],
      [calls.profile.update, { nickName: 'x' }],
      [calls.password.update, { type: 'password', oldPassword: 'a', newPassword: 'b' }],
      [calls.account.cancel, { agree: true, code: '123456', channel: 'email' }],
      [calls.thirdParty.list, {}],
      [calls.thirdParty.bindingUrl, { type: 'google', redirect: '/x' }],
      [calls.thirdParty.bind, { type: 'google', code: 'c', state: 's' }],
      [calls.thirdParty.bindByTicket, { ticket: 't' }],
      [calls.thirdParty.unbind, { type: 'google' }],
    ] as const) {
      expect((await t.client.call(path, payload)).code, path.path).toBe(Code.sessionExpired);
    }
  });
});

describe('profile', () => {
  it('updates name, location, company and position; "" clears, absent keeps', async () => {
    const res = await update({ nickName: '  Ada  ', location: 'de', company: '', position: 'architect' });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({ nickName: 'Ada', location: 'DE', company: null, position: 'architect' });
    const kept = await update({ nickName: 'Ada L.' });
    expect(kept.data).toMatchObject({ nickName: 'Ada L.', location: 'DE', position: 'architect', email: DEMO_EMAIL });
  });

  it('refuses bad fields with 0000002 naming them', async () => {
    for (const [payload, field] of [
      [{ nickName: '   ' }, 'nickName'],
      [{ location: 'XX' }, 'location'],
      [{ email: 'not-an-email' }, 'email'],
      [{ mobile: '12' }, 'mobile'],
      [{ email: 'new@example.com', emailCode: '12ab56' }, 'emailCode'],
      [{ company: 'x'.repeat(129) }, 'company'],
    ] as const) {
      const res = await update(payload);
      expect(res.code, field).toBe(Code.invalidParam);
      expect(res.msg, field).toContain(field);
    }
  });

  it('needs the code when the email changes, not when it stays', async () => {
    const missing = await update({ email: 'new@example.com' });
    expect(missing.code).toBe(Code.invalidParam);
    expect(missing.msg).toContain('emailCode');
    expect((await update({ email: DEMO_EMAIL.toUpperCase() })).code).toBe(Code.ok);
  });

  it('changes the email with the code sent to the new address and tells the old one', async () => {
    const code = await sendCode(t, { email: 'new@example.com' }, 'bindEmail', token);
    const wrong = await update({ email: 'new@example.com', emailCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.code).toBe(Code.codeInvalid);
    expect((await detail()).data.email).toBe(DEMO_EMAIL);

    const res = await update({ email: 'NEW@example.com', emailCode: code });
    expect(res.code).toBe(Code.ok);
    expect(res.data.email).toBe('new@example.com');
    const notice = await lastMessageTo(DEMO_EMAIL);
    expect(notice!.subject).toBe('Your account details were changed');
    expect(notice!.body).not.toContain('new@example.com');
    expect((await login('new@example.com')).code).toBe(Code.ok);
    expect((await login(DEMO_EMAIL)).code).toBe(Code.loginFailed);
    // the code is used up
    expect((await update({ email: DEMO_EMAIL, emailCode: code })).code).toBe(Code.codeInvalid);
  });

  it('refuses an address of another live account and leaves everything as it was', async () => {
    const code = await sendCode(t, { email: 'taken@example.com' }, 'bindEmail', token);
    const res = await update({ nickName: 'Changed', email: 'taken@example.com', emailCode: code });
    expect(res.code).toBe(Code.addressTaken);
    expect((await detail()).data).toMatchObject({ nickName: 'Demo User', email: 'new@example.com' });
  });

  it('changes the mobile with an SMS code and sends the notice to the old number', async () => {
    const code = await sendCode(t, { mobile: '+4915112345678' }, 'bindMobile', token);
    const res = await update({ mobile: '+4915112345678', mobileCode: code });
    expect(res.code).toBe(Code.ok);
    expect(res.data.mobile).toBe('+4915112345678');
    const notice = await lastMessageTo(DEMO_MOBILE);
    expect(notice!.channel).toBe('sms');
    expect(notice!.body).toMatch(/mobile number of your account was changed/);
  });

  it('records profile.updated with field names only', async () => {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.event, 'profile.updated'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.at(-1)!.detail).toEqual({ fields: expect.arrayContaining(['nickName', 'mobile']) });
    expect(rows.at(-1)!.ip).toBe('127.0.0.1');
    expect(JSON.stringify(rows)).not.toMatch(/\b\d{6}\b|\+4915112345678/);
  });
});

describe('moving the email or mobile from a login older than 15 minutes', () => {
  const email = 'reauth@example.com';
  const mobile = '13900001111';
  let old: string;
  beforeAll(async () => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await t.db.insert(users).values({ name: 'reauth', nickName: 'Re', email, mobile, passwordHash, isActivate: true });
    old = (await login(email)).data.utoken;
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000);
    await t.db
      .update(sessions)
      .set({ createdAt: sixteenMinutesAgo })
      .where(eq(sessions.tokenHash, sha256Hex(old)));
  });
  const updateOld = (payload: Record<string, unknown>) =>
    t.client.call<TUserDetail>(calls.profile.update, { nickName: 'Re', ...payload }, { token: old });
  const mine = async () => (await t.client.call<TUserDetail>(calls.profile.getUserDetail, {}, { token: old })).data;

  it('refuses the code to the new address alone (1100021) and keeps the other fields editable', async () => {
    const code = await sendCode(t, { email: 'thief@example.com' }, 'bindEmail', old);
    const res = await updateOld({ email: 'thief@example.com', emailCode: code });
    expect(res.code).toBe(Code.reauthRequired);
    expect((await mine()).email).toBe(email);
    expect((await updateOld({ nickName: 'Renamed', email })).code).toBe(Code.ok);
  });

  it('refuses a wrong password (1000013) and accepts the current one', async () => {
    const code = await sendCode(t, { email: 'moved@example.com' }, 'bindEmail', old);
    const wrong = await updateOld({ email: 'moved@example.com', emailCode: code, password: 'not-the-password' });
    expect(wrong.code).toBe(Code.passwordWrong);
    const res = await updateOld({ email: 'moved@example.com', emailCode: code, password: DEMO_PASSWORD });
    expect(res.code).toBe(Code.ok);
    expect(res.data.email).toBe('moved@example.com');
  });

  it('accepts a verifyCurrent code sent to the current mobile, used up with the change', async () => {
    const currentCode = await sendCode(t, { mobile }, 'verifyCurrent', old);
    const code = await sendCode(t, { mobile: '13900002222' }, 'bindMobile', old);
    const res = await updateOld({ mobile: '13900002222', mobileCode: code, currentCode });
    expect(res.code).toBe(Code.ok);
    expect(res.data.mobile).toBe('+8613900002222');
    const again = await sendCode(t, { mobile }, 'bindMobile', old);
    expect((await updateOld({ mobile, mobileCode: again, currentCode })).code).toBe(Code.codeInvalid);
  });

  it('sends verifyCurrent codes only to the own addresses', async () => {
    const res = await t.client.call(
      calls.codes.sendEmailCode,
      { email: 'thief@example.com', purpose: 'verifyCurrent' },
      { token: old },
    );
    expect(res.code).toBe(Code.invalidParam);
  });
});

describe('marketing consent', () => {
  const setConsent = (consent: unknown) =>
    t.client.call<TUserDetail>(calls.profile.setMarketingConsent, { consent }, { token });

  it('is given and withdrawn on the profile, with its time kept and the change audited', async () => {
    expect((await detail()).data.marketingConsent).toBe(false);
    const given = await setConsent(true);
    expect(given).toMatchObject({ code: Code.ok, data: { marketingConsent: true } });
    expect((await detail()).data.marketingConsent).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, given.data.id));
    expect(row!.marketingConsentAt).toBeInstanceOf(Date);

    expect((await setConsent(false)).data.marketingConsent).toBe(false);
    // the same answer again changes nothing and records nothing
    expect((await setConsent(false)).data.marketingConsent).toBe(false);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.event, 'profile.marketingConsent'));
    expect(log.map((l) => l.detail)).toEqual([{ consent: true }, { consent: false }]);
  });

  it('refuses what is not true or false, and a call without a session', async () => {
    expect((await setConsent('yes')).code).toBe(Code.invalidParam);
    const anonymous = await t.client.call(calls.profile.setMarketingConsent, { consent: true });
    expect(anonymous.code).toBe(Code.sessionExpired);
  });
});
