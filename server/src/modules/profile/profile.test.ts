import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TUserDetail } from '@ac/protocol/profile';
import type { TLoginResponse } from '@ac/protocol/session';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCaptcha, sendCode } from '../../../test/codes-helper.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog, outbox, users } from '../../db/schema/index.ts';
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
