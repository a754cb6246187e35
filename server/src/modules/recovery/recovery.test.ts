import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sendCode } from '../../../test/codes-helper.ts';
import { ageLinks, linkToken, mailsTo, STRONG_PASSWORD, waitForMail } from '../../../test/registration-support.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { linkTokens, sessions, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/hashing.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';

const t = testAppForTests({ demo: true });

const login = (account: string, password: string) =>
  t.client.call<TLoginResponse>(calls.session.login, { account, password });
const askReset = (email: string) => t.client.call(calls.recovery.sendFindPwdEmail, { email });
const resetMails = async (email: string) => (await mailsTo(t.db, email)).filter((m) => /password\/reset/.test(m.body));

describe('forgot and reset password (overseas)', () => {
  let token: string;

  it('answers the same whether or not the address has an account and mails only the account', async () => {
    const known = await askReset(DEMO_EMAIL);
    const unknown = await askReset('stranger@example.com');
    for (const key of ['status', 'code', 'msg', 'data'] as const) expect(known[key]).toEqual(unknown[key]);
    expect(known).toMatchObject({ code: Code.ok, data: {} });
    const mail = await waitForMail(t.db, DEMO_EMAIL);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.body).toContain('http://127.0.0.1:8080/account/secure/site/password/reset/');
    token = linkToken(mail.body, '/site/password/reset');
    expect(await mailsTo(t.db, 'stranger@example.com')).toHaveLength(0);
    const rows = await t.db.select().from(linkTokens).where(eq(linkTokens.purpose, 'reset'));
    expect(rows.map((r) => [r.target, r.userId === null])).toEqual(
      expect.arrayContaining([
        [DEMO_EMAIL, false],
        ['stranger@example.com', true],
      ]),
    );
    expect(rows.every((r) => r.expiresAt.getTime() - r.createdAt.getTime() === 3600_000)).toBe(true);
  });

  it('throttles a second mail within 60 s, known address or not', async () => {
    expect((await askReset(DEMO_EMAIL)).code).toBe(Code.mailSendTooSoon);
    expect((await askReset('stranger@example.com')).code).toBe(Code.mailSendTooSoon);
  });

  it('checks a link before the form is shown', async () => {
    expect(await t.client.call(calls.recovery.checkResetLink, { id: token })).toMatchObject({
      code: Code.ok,
      data: { valid: true },
    });
    const bad = await t.client.call(calls.recovery.checkResetLink, { id: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(bad.code).toBe(Code.resetLinkInvalid);
    expect(bad.msg).toBe('The reset password link is timeout, invalid operation');
  });

  it('refuses a password against the policy and leaves everything as it was', async () => {
    const res = await t.client.call(calls.recovery.resetByLink, { id: token, password: 'abcdefgh' });
    expect(res.code).toBe(Code.passwordPolicy);
    expect((await login(DEMO_EMAIL, DEMO_PASSWORD)).code).toBe(Code.ok);
    expect((await t.client.call(calls.recovery.checkResetLink, { id: token })).code).toBe(Code.ok);
  });

  it('sets the password, ends every session, sends a notice, and works once', async () => {
    const a = (await login(DEMO_EMAIL, DEMO_PASSWORD)).data.utoken;
    const b = (await login(DEMO_EMAIL, DEMO_PASSWORD)).data.utoken;
    const res = await t.client.call(calls.recovery.resetByLink, { id: token, password: STRONG_PASSWORD });
    expect(res).toMatchObject({ code: Code.ok, data: {} });
    for (const utoken of [a, b]) {
      expect((await t.client.call(calls.session.userInfo, {}, { token: utoken })).code).toBe(Code.sessionRevoked);
    }
    const [demo] = await t.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, demo!.id));
    expect(live.every((s) => s.revokedAt && s.revokeReason === 'passwordChanged')).toBe(true);
    expect((await login(DEMO_EMAIL, DEMO_PASSWORD)).code).toBe(Code.loginFailed);
    expect((await login(DEMO_EMAIL, STRONG_PASSWORD)).code).toBe(Code.ok);
    const notice = await waitForMail(t.db, DEMO_EMAIL, 2);
    expect(notice.subject).toBe('Your password was reset');

    const reused = await t.client.call(calls.recovery.resetByLink, { id: token, password: 'Other-Pass-2026' });
    expect(reused.code).toBe(Code.resetLinkInvalid);
    expect(reused.msg).toBe('The reset password link is timeout, invalid operation');
  });

  it('a reset kills the older links of the user too', async () => {
    await ageLinks(t.db, 2);
    expect((await askReset(DEMO_EMAIL)).code).toBe(Code.ok);
    await waitForMail(t.db, DEMO_EMAIL, 3);
    await ageLinks(t.db, 2);
    expect((await askReset(DEMO_EMAIL)).code).toBe(Code.ok);
    await waitForMail(t.db, DEMO_EMAIL, 4);
    const [newer, older] = await resetMails(DEMO_EMAIL);
    const use = (m: typeof newer) => linkToken(m!.body, '/site/password/reset');
    expect(use(newer)).not.toBe(use(older));
    const ok = await t.client.call(calls.recovery.resetByLink, { id: use(newer), password: 'Fresh-Pass-2027' });
    expect(ok.code).toBe(Code.ok);
    expect((await t.client.call(calls.recovery.checkResetLink, { id: use(older) })).code).toBe(Code.resetLinkInvalid);
  });

  it('the China payload is not accepted overseas', async () => {
    const res = await t.client.call(calls.recovery.resetByLink, {
      mobile: '13800000000',
      code: '123456',
      password: STRONG_PASSWORD,
    });
    expect(res.code).toBe(Code.invalidParam);
  });
});

describe('a reset link and a changed email', () => {
  it('dies when the account moves to another email', async () => {
    const email = 'moving@example.com';
    const passwordHash = await hashPassword(STRONG_PASSWORD);
    await t.db.insert(users).values({ name: 'moving', nickName: 'M', email, passwordHash, isActivate: true });
    expect((await askReset(email)).code).toBe(Code.ok);
    const token = linkToken((await waitForMail(t.db, email)).body, '/site/password/reset');
    expect((await t.client.call(calls.recovery.checkResetLink, { id: token })).code).toBe(Code.ok);

    const utoken = (await login(email, STRONG_PASSWORD)).data.utoken;
    const code = await sendCode(t, { email: 'moved-on@example.com' }, 'bindEmail', utoken);
    const moved = await t.client.call(
      calls.profile.update,
      { nickName: 'M', email: 'moved-on@example.com', emailCode: code },
      { token: utoken },
    );
    expect(moved.code).toBe(Code.ok);

    expect((await t.client.call(calls.recovery.checkResetLink, { id: token })).code).toBe(Code.resetLinkInvalid);
    const reset = await t.client.call(calls.recovery.resetByLink, { id: token, password: 'Other-Pass-2031' });
    expect(reset.code).toBe(Code.resetLinkInvalid);
  });
});
