/**
 * Link lifetimes with an injected clock: links are issued by services whose
 * `now` is set in the past, then opened through the real app (real time).
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import type { TLoginResponse } from '@ac/protocol/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { createTestApp, type TestApp, testServices } from '../../../test/test-app.ts';
import { MINUTE, SECOND } from '../../lib/time.ts';
import { createRecoveryService } from '../recovery/recovery.service.ts';
import { createRegistrationService } from './registration.service.ts';

let t: TestApp;
let clock: Date;
const sent: { to: string; token: string }[] = [];
const capture = async (to: string, _lang: TLanguage, token: string) => void sent.push({ to, token });
const lastTokenTo = (to: string) => sent.filter((s) => s.to === to).at(-1)!.token;

let registration: ReturnType<typeof createRegistrationService>;
let recovery: ReturnType<typeof createRecoveryService>;

beforeAll(async () => {
  t = await createTestApp();
  const now = () => clock;
  const { users, sessions, audit, directory, thirdParty } = testServices(t);
  const nowhere = { ...directory, elsewhere: async () => null };
  const none = async () => {};
  const mail = { activation: capture, registerNotice: none, reset: capture, passwordResetNotice: none };
  const codes = { verify: async () => {} };
  const common = { db: t.db, users, codes, mail, audit, defaultLanguage: 'en' as const, now };
  registration = createRegistrationService({ ...common, directory: nowhere });
  recovery = createRecoveryService({ ...common, sessions, thirdParty });
});
afterAll(() => t.close());

/** A request from the test, in English. */
const en = { ip: '127.0.0.1', requestId: 'link-expiry', language: 'en' };
const ago = (ms: number) => {
  clock = new Date(Date.now() - ms);
};
const form = (email: string) => ({ name: 'Lin', email, password: STRONG_PASSWORD, region: 'DE', agree: true });
const activate = (id: string) => t.client.call(calls.registration.toActivate, { id });
const checkReset = (id: string) => t.client.call(calls.recovery.checkResetLink, { id });

describe('activation links', () => {
  it('still work just under 24 hours after they were sent', async () => {
    ago(24 * 60 * MINUTE - MINUTE);
    await registration.registerByEmail({ ...form('fresh@example.com'), subscribe: false }, en);
    expect((await activate(lastTokenTo('fresh@example.com'))).code).toBe(Code.ok);
  });

  it('are refused after 24 hours', async () => {
    ago(24 * 60 * MINUTE + SECOND);
    await registration.registerByEmail({ ...form('stale@example.com'), subscribe: false }, en);
    expect((await activate(lastTokenTo('stale@example.com'))).code).toBe(Code.activateLinkInvalid);
    // a new link from sendActivateEmail works
    ago(0);
    await registration.sendActivateEmail('stale@example.com', en);
    expect((await activate(lastTokenTo('stale@example.com'))).code).toBe(Code.ok);
  });
});

describe('reset links', () => {
  it('work for just under an hour, then answer 1200003', async () => {
    ago(59 * MINUTE);
    await recovery.sendFindPwdEmail('fresh@example.com', 'page', en);
    const young = lastTokenTo('fresh@example.com');
    expect((await checkReset(young)).code).toBe(Code.ok);
    ago(61 * MINUTE);
    await recovery.sendFindPwdEmail('stale@example.com', 'page', en);
    const old = lastTokenTo('stale@example.com');
    expect((await checkReset(old)).code).toBe(Code.resetLinkInvalid);
    const late = await t.client.call(calls.recovery.resetByLink, { id: old, password: 'Late-Pass-2026' });
    expect(late.code).toBe(Code.resetLinkInvalid);
  });

  it('activate an account that never opened its activation link', async () => {
    ago(0);
    await registration.registerByEmail({ ...form('forgetful@example.com'), subscribe: false }, en);
    const login = (password: string) =>
      t.client.call<TLoginResponse>(calls.session.login, { account: 'forgetful@example.com', password });
    expect((await login(STRONG_PASSWORD)).code).toBe(Code.accountNotActivated);
    await recovery.sendFindPwdEmail('forgetful@example.com', 'page', en);
    const id = lastTokenTo('forgetful@example.com');
    expect((await t.client.call(calls.recovery.resetByLink, { id, password: 'Found-Again-88' })).code).toBe(Code.ok);
    expect((await login('Found-Again-88')).code).toBe(Code.ok);
  });
});

describe('mail limits per address', () => {
  it('allow 5 link mails an hour and 10 a day, one a minute', async () => {
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: { code: string }) => e.code,
      );
    const email = 'limits@example.com';
    ago(23 * 60 * MINUTE);
    const base = clock.getTime();
    const at = (minutes: number) => {
      clock = new Date(base + minutes * MINUTE);
    };
    for (const m of [0, 2, 4, 6, 8]) {
      at(m);
      expect(await failure(recovery.sendFindPwdEmail(email, 'page', en))).toBe('ok');
    }
    at(8.5);
    expect(await failure(recovery.sendFindPwdEmail(email, 'page', en))).toBe(Code.mailSendTooSoon);
    at(10);
    expect(await failure(recovery.sendFindPwdEmail(email, 'page', en))).toBe(Code.tooManyRequests);
    for (const m of [61, 63, 65, 67, 69]) {
      at(m);
      expect(await failure(recovery.sendFindPwdEmail(email, 'page', en))).toBe('ok');
    }
    at(200);
    expect(await failure(recovery.sendFindPwdEmail(email, 'page', en))).toBe(Code.tooManyRequests);
  });
});
