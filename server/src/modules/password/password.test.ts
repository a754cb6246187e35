import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedCaptcha, sendCode } from '../../../test/codes-helper.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog, outbox, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/hashing.ts';
import { DEMO_EMAIL, DEMO_MOBILE, DEMO_PASSWORD } from '../../seed/demo.ts';

const NEW_PASSWORD = 'Fresh-Horse-42';
const THIRD_PASSWORD = 'Third-Battery-77';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, adapters: { captcha: fixedCaptcha } });
  await t.db.insert(users).values({
    name: 'victim',
    nickName: 'Victim',
    email: 'victim@example.com',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isActivate: true,
  });
});
afterAll(() => t.close());

const login = async (account: string, password: string) =>
  t.client.call<TLoginResponse>(calls.session.login, { account, password });
const change = (token: string, payload: Record<string, unknown>) =>
  t.client.call(calls.password.update, payload, { token });
const userInfo = (token: string) => t.client.call(calls.session.userInfo, {}, { token });

describe('updatePassword with the current password', () => {
  it('refuses a wrong current password with 1000013 and new passwords against the policy', async () => {
    const { utoken } = (await login(DEMO_EMAIL, DEMO_PASSWORD)).data;
    const wrong = await change(utoken, { type: 'password', oldPassword: 'Not-the-one-1', newPassword: NEW_PASSWORD });
    expect(wrong.code).toBe(Code.passwordWrong);
    for (const [newPassword, code] of [
      ['short1!', Code.passwordPolicy],
      ['onlyletters', Code.passwordPolicy],
      ['password123', Code.passwordBreached],
      [DEMO_EMAIL, Code.passwordSameAsAccount],
    ] as const) {
      const res = await change(utoken, { type: 'password', oldPassword: DEMO_PASSWORD, newPassword });
      expect(res.code, newPassword).toBe(code);
    }
    expect((await login(DEMO_EMAIL, DEMO_PASSWORD)).code).toBe(Code.ok);
  });

  it('changes it, ends every other session (1000002), keeps this one and sends a notice', async () => {
    const other = (await login(DEMO_MOBILE, DEMO_PASSWORD)).data.utoken;
    const current = (await login(DEMO_EMAIL, DEMO_PASSWORD)).data.utoken;
    const res = await change(current, { type: 'password', oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res).toMatchObject({ code: Code.ok, data: {} });
    expect((await userInfo(other)).code).toBe(Code.sessionRevoked);
    expect((await userInfo(current)).code).toBe(Code.ok);
    expect((await login(DEMO_EMAIL, DEMO_PASSWORD)).code).toBe(Code.loginFailed);
    expect((await login(DEMO_EMAIL, NEW_PASSWORD)).code).toBe(Code.ok);
    const [notice] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, DEMO_EMAIL))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(notice!.subject).toBe('Your password was changed');
    expect(notice!.body).not.toContain(NEW_PASSWORD);
  });

  it('counts wrong current passwords toward the login throttle of the account', async () => {
    const { utoken } = (await login('victim@example.com', DEMO_PASSWORD)).data;
    for (let i = 0; i < 5; i++) {
      const res = await change(utoken, { type: 'password', oldPassword: `Guess-${i}-x`, newPassword: NEW_PASSWORD });
      expect(res.code).toBe(Code.passwordWrong);
    }
    const locked = await change(utoken, { type: 'password', oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(locked.code).toBe(Code.tooManyRequests);
    expect((await login('victim@example.com', DEMO_PASSWORD)).code).toBe(Code.tooManyRequests);
  });
});

describe('updatePassword with a code to the own mobile', () => {
  it('needs the right code (purpose changePassword) and then changes the password', async () => {
    const { utoken } = (await login(DEMO_EMAIL, NEW_PASSWORD)).data;
    const code = await sendCode(t, { mobile: DEMO_MOBILE }, 'changePassword', utoken);
    const wrong = await change(utoken, {
      type: 'mobile',
      mobileCode: code === '000000' ? '111111' : '000000',
      newPassword: THIRD_PASSWORD,
    });
    expect(wrong.code).toBe(Code.codeInvalid);
    const ok = await change(utoken, { type: 'mobile', mobileCode: code, newPassword: THIRD_PASSWORD });
    expect(ok.code).toBe(Code.ok);
    expect((await login(DEMO_MOBILE, THIRD_PASSWORD)).code).toBe(Code.ok);
    const again = await change(utoken, { type: 'mobile', mobileCode: code, newPassword: 'Fourth-Lamp-88' });
    expect(again.code).toBe(Code.codeInvalid);
  });

  it('refuses a malformed payload with 0000002', async () => {
    const { utoken } = (await login(DEMO_EMAIL, THIRD_PASSWORD)).data;
    expect((await change(utoken, { type: 'mobile', newPassword: 'x' })).code).toBe(Code.invalidParam);
    expect((await change(utoken, { type: 'other', newPassword: 'x' })).code).toBe(Code.invalidParam);
    expect((await change(utoken, {})).code).toBe(Code.invalidParam);
  });

  it('audits the change without any password', async () => {
    const rows = await t.db.select().from(auditLog);
    const changed = rows.filter((r) => r.event === 'password.changed');
    expect(changed.map((r) => r.detail)).toEqual([{ proof: 'password' }, { proof: 'mobile' }]);
    expect(rows.some((r) => r.event === 'password.changeFailed')).toBe(true);
    const text = JSON.stringify(rows);
    for (const secret of [DEMO_PASSWORD, NEW_PASSWORD, THIRD_PASSWORD]) expect(text).not.toContain(secret);
  });
});
