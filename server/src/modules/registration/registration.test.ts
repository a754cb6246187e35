import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ageLinks,
  linkToken,
  mailsTo,
  registrationForm,
  STRONG_PASSWORD,
  waitForMail,
} from '../../../test/registration-support.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { accountDirectory, linkTokens, registrations, users } from '../../db/schema/index.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';
import { accountKey } from '../nodes/node-directory.ts';

const t = testAppForTests({ demo: true });

const register = (payload: unknown) => t.client.call(calls.registration.registerByEmail, payload);
const login = (account: string, password = STRONG_PASSWORD) =>
  t.client.call<TLoginResponse>(calls.session.login, { account, password });
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

describe('register (overseas)', () => {
  it('creates an unactivated account, mails a 24 h link, and the link activates it once', async () => {
    const res = await register(registrationForm('Ada@Example.com', { subscribe: true, businessSource: 'fair-2026' }));
    expect(res).toMatchObject({ code: Code.ok, data: {} });
    const user = (await userByEmail('ada@example.com'))!;
    expect(user).toMatchObject({ name: 'Ada Lovelace', isActivate: false, location: 'GB' });
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.userId, user.id));
    expect(reg).toMatchObject({ country: 'GB', businessSource: 'fair-2026' });
    expect(user.marketingConsent).toBe(true);
    const [dir] = await t.db
      .select()
      .from(accountDirectory)
      .where(eq(accountDirectory.accountKey, accountKey('ada@example.com')));
    expect(dir!.nodeCode).toBe('us');

    expect((await login('ada@example.com')).code).toBe(Code.accountNotActivated);
    const mail = await waitForMail(t.db, 'ada@example.com');
    expect(mail.subject).toBe('Activate your account');
    expect(mail.body).toContain('http://127.0.0.1:8080/account/secure/toactivate/');
    const token = linkToken(mail.body, '/toactivate');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits
    const [row] = await t.db.select().from(linkTokens).where(eq(linkTokens.userId, user.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3600_000);

    expect((await t.client.call(calls.registration.toActivate, { id: token })).code).toBe(Code.ok);
    expect((await login('ada@example.com')).code).toBe(Code.ok);
    const again = await t.client.call(calls.registration.toActivate, { id: token });
    expect(again.code).toBe(Code.activateLinkInvalid);
    expect(again.msg).toMatch(/^Activate request error/);
  });

  it('answers an existing address exactly like a new one and mails its owner a notice', async () => {
    const known = await register(registrationForm(DEMO_EMAIL, { password: 'Another-Pass-77' }));
    const fresh = await register(registrationForm('grace@example.com'));
    for (const key of ['status', 'code', 'msg', 'data'] as const) expect(known[key]).toEqual(fresh[key]);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    const notice = await waitForMail(t.db, DEMO_EMAIL);
    expect(notice.subject).toBe('Someone tried to register with your address');
    expect(notice.body).not.toMatch(/toactivate/);
    expect((await login(DEMO_EMAIL, DEMO_PASSWORD)).code).toBe(Code.ok);
    expect((await login(DEMO_EMAIL, 'Another-Pass-77')).code).toBe(Code.loginFailed);
  });
});

describe('sendActivateEmail', () => {
  it('answers the same for any address and mails only an unactivated account', async () => {
    expect((await register(registrationForm('late@example.com'))).code).toBe(Code.ok);
    await waitForMail(t.db, 'late@example.com');
    await ageLinks(t.db, 2);
    const answers = [];
    for (const email of ['late@example.com', DEMO_EMAIL, 'nobody-here@example.com']) {
      answers.push(await t.client.call(calls.registration.sendActivateEmail, { email }));
    }
    for (const a of answers) {
      expect({ code: a.code, status: a.status, msg: a.msg, data: a.data }).toEqual({
        code: Code.ok,
        status: 200,
        msg: answers[0]!.msg,
        data: {},
      });
    }
    // the fresh link for the unactivated account arrives; none to the others
    const second = await waitForMail(t.db, 'late@example.com', 2);
    expect(
      (await t.client.call(calls.registration.toActivate, { id: linkToken(second.body, '/toactivate') })).code,
    ).toBe(Code.ok);
    expect(await mailsTo(t.db, 'nobody-here@example.com')).toHaveLength(0);
    expect((await mailsTo(t.db, DEMO_EMAIL)).filter((m) => /toactivate/.test(m.body))).toHaveLength(0);
  });

  it('throttles mails to one address within 60 s with the same answer, known or not', async () => {
    const first = await t.client.call(calls.registration.sendActivateEmail, { email: 'throttle@example.com' });
    const again = await t.client.call(calls.registration.sendActivateEmail, { email: 'throttle@example.com' });
    const known = await t.client.call(calls.registration.sendActivateEmail, { email: DEMO_EMAIL });
    expect(first.code).toBe(Code.ok);
    expect(again.code).toBe(Code.mailSendTooSoon);
    expect(known.code).toBe(Code.mailSendTooSoon); // sent above in this file
  });
});
