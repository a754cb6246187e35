import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, mailsTo, STRONG_PASSWORD, waitForMail } from '../../../test/registration-support.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { registrations, users, verificationCodes } from '../../db/schema/index.ts';
import { DEMO_EMAIL, DEMO_MOBILE, DEMO_PASSWORD } from '../../seed/demo.ts';
import { type CodesService, createCodesService } from '../codes/codes.service.ts';

let t: TestApp;
let codes: CodesService;
beforeAll(async () => {
  t = await createTestApp({ region: 'cn', demo: true });
  codes = createCodesService({ db: t.db });
});
afterAll(() => t.close());

const login = (account: string, password: string) =>
  t.client.call<TLoginResponse>(calls.session.login, { account, password });
const sendSms = (mobile: string, purpose: string) => t.client.call(calls.codes.sendSmsCode, { mobile, purpose });
const smsCode = async (mobile: string) => (await mailsTo(t.db, mobile))[0]?.body.match(/\b(\d{6})\b/)?.[1];
const register = (payload: unknown) => t.client.call(calls.registration.registerByMobile, payload);

describe('register with mobile (China)', () => {
  it('verifies the SMS code and creates an active account', async () => {
    const code = await codes.issue('register', '13911112222');
    const res = await register({ mobile: '13911112222', code, password: STRONG_PASSWORD, agree: true });
    expect(res).toMatchObject({ code: Code.ok, data: {} });
    // kept in E.164
    const [user] = await t.db.select().from(users).where(eq(users.mobile, '+8613911112222'));
    expect(user).toMatchObject({ isActivate: true, nickName: '139****2222', email: null });
    expect(await t.db.select().from(registrations).where(eq(registrations.userId, user!.id))).toHaveLength(1);
    expect((await login('13911112222', STRONG_PASSWORD)).code).toBe(Code.ok);
    // the code is used up
    expect((await register({ mobile: '13911112222', code, password: STRONG_PASSWORD, agree: true })).code).toBe(
      Code.codeInvalid,
    );
  });

  it('answers an existing mobile like a wrong code: no code was ever sent there', async () => {
    expect((await sendSms(DEMO_MOBILE, 'register')).code).toBe(Code.ok);
    // the owner is told instead (sent without waiting): a notice without a code
    expect((await waitForMail(t.db, DEMO_MOBILE)).body).not.toMatch(/\b\d{6}\b/);
    expect(await smsCode(DEMO_MOBILE)).toBeUndefined();
    const existing = await register({ mobile: DEMO_MOBILE, code: '123456', password: STRONG_PASSWORD, agree: true });
    const wrong = await register({ mobile: '13933334444', code: '123456', password: STRONG_PASSWORD, agree: true });
    expect(existing.code).toBe(Code.codeInvalid);
    expect({ ...existing, headers: undefined }).toEqual({ ...wrong, headers: undefined });
    expect((await login(DEMO_MOBILE, DEMO_PASSWORD)).code).toBe(Code.ok);
  });

  it('refuses without agreement and the overseas payload, keeping the code', async () => {
    const code = await codes.issue('register', '13955556666');
    const base = { mobile: '13955556666', code, password: STRONG_PASSWORD };
    expect((await register({ ...base, agree: false })).code).toBe(Code.agreementRequired);
    expect((await register({ ...base, password: 'weak', agree: true })).code).toBe(Code.passwordPolicy);
    const overseas = await register({
      name: 'A',
      email: 'a@example.com',
      password: STRONG_PASSWORD,
      region: 'CN',
      agree: true,
    });
    expect(overseas.code).toBe(Code.invalidParam);
    expect((await register({ ...base, agree: true })).code).toBe(Code.ok);
  });
});

describe('reset password (China)', () => {
  it('with an SMS code of purpose findPwd: new password, every session ended', async () => {
    const before = (await login(DEMO_MOBILE, DEMO_PASSWORD)).data.utoken;
    // the register call above asked for a code to this mobile less than 60 s ago
    await t.db
      .update(verificationCodes)
      .set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` })
      .where(eq(verificationCodes.target, DEMO_MOBILE));
    const code = await codes.issue('findPwd', DEMO_MOBILE);
    const payload = { mobile: DEMO_MOBILE, code, password: STRONG_PASSWORD };
    expect((await t.client.call(calls.recovery.resetByLinkOrCode, { ...payload, password: '12345678' })).code).toBe(
      Code.passwordPolicy,
    );
    const zh = { clientInfo: { language: 'zh-CN' } };
    expect((await t.client.call(calls.recovery.resetByLinkOrCode, payload, zh)).code).toBe(Code.ok);
    expect((await t.client.call(calls.session.userInfo, {}, { token: before })).code).toBe(Code.sessionRevoked);
    expect((await login(DEMO_MOBILE, STRONG_PASSWORD)).code).toBe(Code.ok);
    expect((await t.client.call(calls.recovery.resetByLinkOrCode, payload)).code).toBe(Code.codeInvalid);
    // the demo account has an email: the notice goes there, in the caller's language
    const notice = await waitForMail(t.db, DEMO_EMAIL);
    expect(notice.subject).toBe('您的密码已重置');
  });

  it('with a mailed link to /secure/password/reset/{id}', async () => {
    expect((await t.client.call(calls.recovery.sendFindPwdEmail, { email: DEMO_EMAIL })).code).toBe(Code.ok);
    const mail = await waitForMail(t.db, DEMO_EMAIL, 2);
    expect(mail.body).toContain('http://127.0.0.1:8080/secure/password/reset/');
    const id = linkToken(mail.body, '/secure/password/reset');
    expect((await t.client.call(calls.recovery.resetByLinkOrCode, { id, password: 'Link-Reset-2026' })).code).toBe(
      Code.ok,
    );
    expect((await login(DEMO_EMAIL, 'Link-Reset-2026')).code).toBe(Code.ok);
  });

  it('asked from the h5 page, the link opens /secure/h5/reset/{id}', async () => {
    const [mobile, email] = ['13955557777', 'h5-reset@example.com'];
    const code = await codes.issue('register', mobile);
    expect((await register({ mobile, code, password: STRONG_PASSWORD, agree: true })).code).toBe(Code.ok);
    await t.db
      .update(users)
      .set({ email })
      .where(eq(users.mobile, `+86${mobile}`));
    const asked = await t.client.call(calls.recovery.sendFindPwdEmail, { email, h5: true });
    expect(asked.code).toBe(Code.ok);
    const mail = await waitForMail(t.db, email);
    expect(mail.body).toContain('http://127.0.0.1:8080/secure/h5/reset/');
    const id = linkToken(mail.body, '/secure/h5/reset');
    expect((await t.client.call(calls.recovery.checkResetLink, { id })).code).toBe(Code.ok);
  });
});
