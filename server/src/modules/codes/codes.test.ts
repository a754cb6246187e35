import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TCodePurpose } from '@ac/protocol/enums';
import type { TLoginResponse } from '@ac/protocol/session';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { failureCode } from '../../../test/app-errors.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { outbox } from '../../db/schema/index.ts';
import { MINUTE, SECOND } from '../../lib/time.ts';
import { DEMO_EMAIL, DEMO_MOBILE, DEMO_PASSWORD } from '../../seed/demo.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createCaptchaService } from './captcha.service.ts';
import { createCodesService } from './codes.service.ts';

let t: TestApp;
let clock: Date;
let codes: ReturnType<typeof createCodesService>;
let captcha: ReturnType<typeof createCaptchaService>;
beforeAll(async () => {
  // the demo mobile is Chinese: counted as a home number here, so its texts need no captcha (sms-abroad.test.ts)
  t = await createTestApp({ demo: true, env: { SMS_HOME_CALLING_CODES: '1,86' } });
  const now = () => clock;
  codes = createCodesService({ db: t.db, now });
  const audit = createAuditService({ db: t.db });
  captcha = createCaptchaService({ db: t.db, generate: () => ({ text: 'k7x2p', svg: '<svg/>' }), audit, now });
});

/** A send past the captcha threshold, with a solved captcha's ticket. */
const issueSolved = async (purpose: TCodePurpose, target: string) => {
  const { imageKey } = await captcha.create({ ip: '127.0.0.1' });
  const { ticket } = await captcha.verify(imageKey, 'K7X2P', { ip: '127.0.0.1' });
  return codes.issue(purpose, target, { ticket });
};
afterAll(() => t.close());

const start = (iso: string) => {
  clock = new Date(iso);
};
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe('verification codes', () => {
  it('are 6 digits, single use, bound to purpose and target', async () => {
    start('2026-01-01T00:00:00Z');
    const code = await codes.issue('login', 'a@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(await failureCode(codes.verify('findPwd', 'a@example.com', code))).toBe(Code.codeInvalid);
    expect(await failureCode(codes.verify('login', 'b@example.com', code))).toBe(Code.codeInvalid);
    expect(await failureCode(codes.verify('login', 'a@example.com', code))).toBe('ok');
    expect(await failureCode(codes.verify('login', 'a@example.com', code))).toBe(Code.codeInvalid);
  });

  it('expire after 10 minutes', async () => {
    start('2026-01-02T00:00:00Z');
    const code = await codes.issue('login', 'exp@example.com');
    tick(10 * MINUTE + SECOND);
    expect(await failureCode(codes.verify('login', 'exp@example.com', code))).toBe(Code.codeInvalid);
  });

  it('die after 5 wrong tries: the 6th try fails even with the right code', async () => {
    start('2026-01-03T00:00:00Z');
    const code = await codes.issue('login', 'wrong@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await failureCode(codes.verify('login', 'wrong@example.com', wrong))).toBe(Code.codeInvalid);
    }
    expect(await failureCode(codes.verify('login', 'wrong@example.com', code))).toBe(Code.codeInvalid);
  });

  it('can be checked without being used up', async () => {
    start('2026-01-04T00:00:00Z');
    const code = await codes.issue('register', '13900000001');
    expect(await failureCode(codes.verify('register', '13900000001', code, { consume: false }))).toBe('ok');
    expect(await failureCode(codes.verify('register', '13900000001', code))).toBe('ok');
  });

  it('resend no sooner than 60 s, at most 5 an hour and 10 a day per target', async () => {
    start('2026-01-05T00:00:00Z');
    const target = 'limits@example.com';
    await codes.issue('login', target);
    tick(30 * SECOND);
    expect(await failureCode(codes.issue('login', target))).toBe(Code.codeSendTooSoon);
    expect(await failureCode(codes.issue('findPwd', target))).toBe(Code.codeSendTooSoon);
    for (let i = 0; i < 4; i++) {
      tick(61 * SECOND);
      expect(await failureCode(issueSolved('login', target))).toBe('ok');
    }
    tick(61 * SECOND);
    expect(await failureCode(issueSolved('login', target))).toBe(Code.tooManyRequests);
    tick(60 * MINUTE);
    for (let i = 0; i < 5; i++) {
      expect(await failureCode(issueSolved('login', target))).toBe('ok');
      tick(61 * SECOND);
    }
    tick(60 * MINUTE);
    expect(await failureCode(issueSolved('login', target))).toBe(Code.tooManyRequests);
  });

  it('wait the configured interval on a test server (CODE_RESEND_SECONDS)', async () => {
    const quick = createCodesService({ db: t.db, now: () => clock, resendSeconds: 2 });
    expect(quick.resendSeconds).toBe(2);
    start('2026-01-07T00:00:00Z');
    await quick.issue('login', 'quick@example.com');
    tick(SECOND);
    expect(await failureCode(quick.issue('login', 'quick@example.com'))).toBe(Code.codeSendTooSoon);
    // the default service still holds the target back for the minute
    expect(await failureCode(codes.issue('login', 'quick@example.com'))).toBe(Code.codeSendTooSoon);
    tick(SECOND);
    expect(await failureCode(codes.issue('login', 'quick@example.com'))).toBe(Code.codeSendTooSoon);
    expect(await failureCode(quick.issue('login', 'quick@example.com'))).toBe('ok');
  });

  it('only the latest code counts', async () => {
    start('2026-01-06T00:00:00Z');
    const first = await codes.issue('login', 'latest@example.com');
    tick(61 * SECOND);
    const second = await codes.issue('login', 'latest@example.com');
    if (first !== second) {
      expect(await failureCode(codes.verify('login', 'latest@example.com', first))).toBe(Code.codeInvalid);
    }
    expect(await failureCode(codes.verify('login', 'latest@example.com', second))).toBe('ok');
  });
});

describe('code calls', () => {
  it('session purposes need a session and the user own address', async () => {
    const anon = await t.client.call(calls.codes.sendSmsCode, { mobile: DEMO_MOBILE, purpose: 'cancelAccount' });
    expect(anon.code).toBe(Code.sessionExpired);
    const { utoken } = (
      await t.client.call<TLoginResponse>(calls.session.login, { account: DEMO_EMAIL, password: DEMO_PASSWORD })
    ).data;
    const other = await t.client.call(
      calls.codes.sendSmsCode,
      { mobile: '13912345678', purpose: 'cancelAccount' },
      { token: utoken },
    );
    expect(other.code).toBe(Code.invalidParam);
    const own = await t.client.call(
      calls.codes.sendEmailCode,
      { email: DEMO_EMAIL, purpose: 'cancelAccount' },
      { token: utoken },
    );
    expect(own.code).toBe(Code.ok);
  });

  it('register to an existing address sends a notice, not a code, with the same answer', async () => {
    const res = await t.client.call(calls.codes.sendSmsCode, { mobile: DEMO_MOBILE, purpose: 'register' });
    const fresh = await t.client.call(calls.codes.sendSmsCode, { mobile: '13700000000', purpose: 'register' });
    expect(res).toMatchObject({ code: Code.ok, data: { resendAfter: 60 } });
    expect(fresh).toMatchObject({ code: Code.ok, data: { resendAfter: 60 } });
    // both go out without the answer waiting for them
    await vi.waitFor(async () => {
      const sms = await t.db.select().from(outbox);
      const toOwner = sms.filter((m) => m.recipient === DEMO_MOBILE).at(-1);
      expect(toOwner?.body).toMatch(/tried to register/);
      expect(toOwner?.body).not.toMatch(/\d{6}/);
      // stored in E.164, whichever form was typed
      expect(sms.filter((m) => m.recipient === '+8613700000000').at(-1)?.body).toMatch(/\b\d{6}\b/);
    });
  });

  it('answer the configured resendAfter and refuse sooner (CODE_RESEND_SECONDS of a test server)', async () => {
    const quick = await createTestApp({ env: { CODE_RESEND_SECONDS: '3' } });
    try {
      const first = await quick.client.call(calls.codes.sendEmailCode, { email: 'q@example.com', purpose: 'login' });
      expect(first).toMatchObject({ code: Code.ok, data: { resendAfter: 3 } });
      const again = await quick.client.call(calls.codes.sendEmailCode, { email: 'q@example.com', purpose: 'login' });
      expect(again).toMatchObject({ code: Code.codeSendTooSoon, msg: expect.stringMatching(/retry in [1-3] s/) });
    } finally {
      await quick.close();
    }
  });

  it('smsCodeVerify refuses a wrong code and a malformed one', async () => {
    const wrong = await t.client.call(calls.codes.smsCodeVerify, {
      mobile: '13700000000',
      code: '000000',
      purpose: 'register',
    });
    expect(wrong.code).toBe(Code.codeInvalid);
    const bad = await t.client.call(calls.codes.smsCodeVerify, { mobile: 'x', code: '12', purpose: 'register' });
    expect(bad.code).toBe(Code.invalidParam);
  });
});
