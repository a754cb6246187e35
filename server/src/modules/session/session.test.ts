import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { testAppForTests } from '../../../test/test-app.ts';
import { auditLog, authThrottle, outbox, sessions } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { DEMO_EMAIL, DEMO_MOBILE, DEMO_PASSWORD } from '../../seed/demo.ts';
import { createSessionRepo } from './session.repo.ts';
import { throttleRule } from './session.service.ts';

// the demo mobile is Chinese: counted as a home number here, so its texts need no captcha (sms-abroad.test.ts)
const t = testAppForTests({ demo: true, env: { SMS_HOME_CALLING_CODES: '1,86' } });

const login = (account = DEMO_EMAIL, password = DEMO_PASSWORD) =>
  t.client.call<TLoginResponse>(calls.session.login, { account, password });

describe('password login', () => {
  it('logs in by email (any case) or mobile and sets the ticket cookie', async () => {
    const res = await login(DEMO_EMAIL.toUpperCase());
    expect(res.code).toBe(Code.ok);
    expect(res.data.utoken.length).toBeGreaterThanOrEqual(22);
    expect(res.data.userInfo).toMatchObject({ email: DEMO_EMAIL, nickName: 'Demo User', isActivate: 1 });
    const cookie = res.cookies.find((c) => c.name === 'gstarsso_ticket');
    expect(cookie).toMatchObject({ value: res.data.utoken, httpOnly: true, sameSite: 'Lax', maxAge: 86400 });
    expect((await login(DEMO_MOBILE)).code).toBe(Code.ok);
  });

  it('stores only the hash of the token', async () => {
    const res = await login();
    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(res.data.utoken)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.clientType).toBe('User_PC');
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const wrong = await login(DEMO_EMAIL, 'Wrong-password-1');
    const unknown = await login('nobody@example.com', 'Wrong-password-1');
    expect(wrong.code).toBe(Code.loginFailed);
    expect(unknown.code).toBe(Code.loginFailed);
    expect(wrong.msg).toBe(unknown.msg);
    expect(wrong.status).toBe(unknown.status);
  });

  it('locks an account string after 5 failures, known or not, with the same answer', async () => {
    for (const account of ['locked@example.com', 'ghost@example.com']) {
      for (let i = 0; i < 5; i++) await login(account, 'Wrong-password-1');
    }
    const a = await login('locked@example.com', 'Wrong-password-1');
    const b = await login('ghost@example.com', 'Wrong-password-1');
    expect(a.code).toBe(Code.tooManyRequests);
    expect(b.code).toBe(Code.tooManyRequests);
    const [row] = await t.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, 'account:ghost@example.com|ip:127.0.0.1'));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it('grows the delay exponentially from the 5th failure and caps it at 15 minutes', async () => {
    const repo = createSessionRepo(t.db);
    let at = new Date('2030-01-01T00:00:00Z');
    const delays: number[] = [];
    for (let n = 1; n <= 14; n++) {
      expect(await repo.countAttempt('account:delays', at, throttleRule(4))).toBe(n);
      const until = (await repo.findThrottle('account:delays'))!.lockedUntil;
      delays.push(until ? until.getTime() - at.getTime() : 0);
      // while locked nothing is counted
      if (until)
        expect(await repo.countAttempt('account:delays', new Date(until.getTime() - 1), throttleRule(4))).toBeNull();
      at = until ?? at;
    }
    expect(delays.slice(0, 6)).toEqual([0, 0, 0, 0, 30_000, 60_000]);
    expect(delays.at(-1)).toBe(15 * 60_000);
  });

  it('records login events in the audit log without secrets', async () => {
    await login();
    const rows = await t.db.select().from(auditLog);
    expect(rows.some((r) => r.event === 'login.password')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(DEMO_PASSWORD);
  });
});

describe('session lifetime', () => {
  it('answers 0000005 without a token and with an unknown one', async () => {
    expect((await t.client.call(calls.session.userInfo, {})).code).toBe(Code.sessionExpired);
    expect((await t.client.call(calls.session.userInfo, {}, { token: 'nope' })).code).toBe(Code.sessionExpired);
  });

  it('logout kills the token (1000002 afterwards) and clears the cookie', async () => {
    const { utoken } = (await login()).data;
    expect((await t.client.call(calls.session.userInfo, {}, { token: utoken })).code).toBe(Code.ok);
    const out = await t.client.call(calls.session.logout, {}, { token: utoken });
    expect(out.code).toBe(Code.ok);
    expect(out.cookies.find((c) => c.name === 'gstarsso_ticket')?.value).toBe('');
    expect((await t.client.call(calls.session.userInfo, {}, { token: utoken })).code).toBe(Code.sessionRevoked);
  });

  it('answers 0000005 once the session has expired', async () => {
    const { utoken } = (await login()).data;
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256Hex(utoken)));
    expect((await t.client.call(calls.session.userInfo, {}, { token: utoken })).code).toBe(Code.sessionExpired);
  });

  it('answers 1000008 for a session replaced elsewhere', async () => {
    const { utoken } = (await login()).data;
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'replaced' })
      .where(eq(sessions.tokenHash, sha256Hex(utoken)));
    expect((await t.client.call(calls.session.userInfo, {}, { token: utoken })).code).toBe(Code.sessionReplaced);
  });

  it('accepts the ticket cookie when no utoken is given', async () => {
    const { utoken } = (await login()).data;
    const res = await t.client.call(calls.session.userInfo, {}, { headers: { cookie: `gstarsso_ticket=${utoken}` } });
    expect(res.code).toBe(Code.ok);
  });
});

describe('code login', () => {
  async function latestCode(recipient: string) {
    const rows = await t.db.select().from(outbox).where(eq(outbox.recipient, recipient));
    const last = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return last?.body.match(/\b(\d{6})\b/)?.[1];
  }

  it('sends a code by mail and logs in with it once', async () => {
    const sent = await t.client.call(calls.codes.sendEmailCode, { email: DEMO_EMAIL, purpose: 'login' });
    expect(sent).toMatchObject({ code: Code.ok, data: { resendAfter: 60 } });
    // a login code goes out without the answer waiting for it
    const code = await vi.waitFor(async () => {
      const sentCode = await latestCode(DEMO_EMAIL);
      expect(sentCode).toMatch(/^\d{6}$/);
      return sentCode;
    });
    const ok = await t.client.call<TLoginResponse>(calls.session.loginByCode, { account: DEMO_EMAIL, code });
    expect(ok.code).toBe(Code.ok);
    expect(ok.data.userInfo.email).toBe(DEMO_EMAIL);
    const reused = await t.client.call(calls.session.loginByCode, { account: DEMO_EMAIL, code });
    expect(reused.code).toBe(Code.codeInvalid);
  });

  it('refuses a second send within 60 s', async () => {
    await t.client.call(calls.codes.sendSmsCode, { mobile: DEMO_MOBILE, purpose: 'login' });
    const again = await t.client.call(calls.codes.sendSmsCode, { mobile: DEMO_MOBILE, purpose: 'login' });
    expect(again.code).toBe(Code.codeSendTooSoon);
  });

  it('answers the same for an unknown address and sends nothing there', async () => {
    const res = await t.client.call(calls.codes.sendEmailCode, { email: 'who@example.com', purpose: 'login' });
    expect(res).toMatchObject({ code: Code.ok, data: { resendAfter: 60 } });
    expect(await latestCode('who@example.com')).toBeUndefined();
  });
});
