/**
 * Login throttling under load: each attempt is counted before its password
 * is checked, so a parallel burst cannot exceed the budget; failures decay;
 * a password reset clears them.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { envelopeClient } from '../../../test/envelope-client.ts';
import { linkToken, STRONG_PASSWORD, waitForMail } from '../../../test/registration-support.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { authThrottle } from '../../db/schema/index.ts';
import { DEMO_EMAIL, DEMO_MOBILE, DEMO_PASSWORD } from '../../seed/demo.ts';

const t = testAppForTests({ demo: true });

/** Attempts that may check a password before a lock: from one address, and for the account from all of them. */
const BUDGET = 5;
const ACCOUNT_BUDGET = 20;

const address = (n: number) => `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;
/** A login from address number `n`. */
const loginFrom = (n: number, account: string, password: string) =>
  envelopeClient(t.app, { remoteAddress: address(n) }).call<TLoginResponse>(calls.session.login, {
    account,
    password,
  });
const throttleRow = async (key: string) => (await t.db.select().from(authThrottle).where(eq(authThrottle.key, key)))[0];

describe('login throttling', () => {
  it('lets no more than the budget of 50 parallel wrong logins from one address check the password', {
    timeout: 120_000,
  }, async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => loginFrom(1, 'burst@example.com', 'Wrong-password-1')),
    );
    const checked = answers.filter((a) => a.code === Code.loginFailed).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(BUDGET);
    expect(answers.filter((a) => a.code === Code.tooManyRequests)).toHaveLength(50 - checked);
  });

  it('lets no more than the account budget of 50 parallel wrong logins from 50 addresses check it', {
    timeout: 120_000,
  }, async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => loginFrom(300 + n, 'spread@example.com', 'Wrong-password-1')),
    );
    const checked = answers.filter((a) => a.code === Code.loginFailed).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_BUDGET);
    expect(answers.filter((a) => a.code === Code.tooManyRequests)).toHaveLength(50 - checked);
  });

  it('forgets failures once the last one and the lock are 15 minutes old', async () => {
    const account = 'decay@example.com';
    for (let n = 0; n < BUDGET; n++) await loginFrom(100, account, 'Wrong-password-1');
    expect((await loginFrom(100, account, 'Wrong-password-1')).code).toBe(Code.tooManyRequests);
    const key = `account:${account}|ip:${address(100)}`;
    // the lock is over, but not yet 15 minutes ago: the count goes on
    await t.db
      .update(authThrottle)
      .set({ lockedUntil: sql`now() - interval '1 minute'`, updatedAt: sql`now() - interval '16 minutes'` })
      .where(eq(authThrottle.key, key));
    expect((await loginFrom(100, account, 'Wrong-password-1')).code).toBe(Code.loginFailed);
    expect((await throttleRow(key))!.failures).toBe(BUDGET + 1);
    // 16 minutes of quiet after the lock: a fresh start
    await t.db
      .update(authThrottle)
      .set({ lockedUntil: sql`now() - interval '16 minutes'`, updatedAt: sql`now() - interval '17 minutes'` })
      .where(eq(authThrottle.key, key));
    expect((await loginFrom(100, account, 'Wrong-password-1')).code).toBe(Code.loginFailed);
    expect(await throttleRow(key)).toMatchObject({ failures: 1, lockedUntil: null });
  });

  it('counts every spelling of one mobile number against one budget', async () => {
    // the demo's mobile, +86 138 0000 0000, typed as people type it: one account, one lock
    const spellings = ['13800000000', '138 0000 0000', '+86-138-0000-0000', '(138) 0000 0000', '+8613800000000'];
    const answers: string[] = [];
    for (let n = 0; n < BUDGET; n++) {
      answers.push((await loginFrom(150, spellings[n % spellings.length]!, 'Wrong-password-1')).code);
    }
    expect(answers).toEqual(Array(BUDGET).fill(Code.loginFailed));
    // the right password under yet another spelling: locked like the others
    expect((await loginFrom(150, '0086 138 0000 0000', DEMO_PASSWORD)).code).toBe(Code.tooManyRequests);
    expect((await throttleRow(`account:${DEMO_MOBILE}|ip:${address(150)}`))!.failures).toBe(BUDGET);
    // what the failures ran into is lifted for the test after this one
    await t.db.delete(authThrottle).where(sql`${authThrottle.key} like ${`account:${DEMO_MOBILE}%`}`);
  });

  it('clears the failures when the password is reset', async () => {
    for (let n = 0; n < BUDGET; n++) await loginFrom(200, DEMO_EMAIL, 'Wrong-password-1');
    expect((await loginFrom(200, DEMO_EMAIL, DEMO_PASSWORD)).code).toBe(Code.tooManyRequests);
    await t.client.call(calls.recovery.sendFindPwdEmail, { email: DEMO_EMAIL });
    const token = linkToken((await waitForMail(t.db, DEMO_EMAIL)).body, '/site/password/reset');
    const reset = await t.client.call(calls.recovery.resetByLink, { id: token, password: STRONG_PASSWORD });
    expect(reset.code).toBe(Code.ok);
    expect(await throttleRow(`account:${DEMO_EMAIL}`)).toBeUndefined();
    expect(await throttleRow(`account:${DEMO_EMAIL}|ip:${address(200)}`)).toBeUndefined();
    expect((await loginFrom(200, DEMO_EMAIL, STRONG_PASSWORD)).code).toBe(Code.ok);
  });
});
