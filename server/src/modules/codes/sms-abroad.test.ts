/**
 * Text messages abroad (SMS pumping): a code asked for without a session (register, login, find
 * password) to a number outside the region's own countries needs a captcha from the first send, and
 * each such country has a daily budget; sends with a session, and to home numbers, are as before.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TCodePurpose } from '@ac/protocol/enums';
import type { TKaptchaResponse, TKaptchaVerifyResponse } from '@ac/protocol/profile';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/commerce-fixtures.ts';
import { type TestAppOptions, testAppForTests } from '../../../test/test-app.ts';
import { DAY, HOUR } from '../../lib/time.ts';
import { createCodesService } from './codes.service.ts';

const ANSWER = 'k7x2p';
const appWith = (options: TestAppOptions) =>
  testAppForTests({ ...options, adapters: { captcha: () => ({ text: ANSWER, svg: '<svg/>' }) } });

let sent = 0;
/** Each send from its own address: the per-IP limits are not the subject here. */
const nextIp = () => `10.61.${(++sent >> 8) & 255}.${sent & 255}`;

function sender(t: ReturnType<typeof appWith>) {
  const ticket = async () => {
    const ip = nextIp();
    const image = await t.client.from(ip).call<TKaptchaResponse>(calls.codes.kaptcha, {});
    const solved = await t.client
      .from(ip)
      .call<TKaptchaVerifyResponse>(calls.codes.kaptchaVerify, { imageKey: image.data.imageKey, answer: ANSWER });
    return solved.data.ticket;
  };
  const send = async (mobile: string, purpose: TCodePurpose, opts: { ticket?: string; token?: string } = {}) =>
    (
      await t.client
        .from(nextIp())
        .call(
          calls.codes.sendSmsCode,
          { mobile, purpose, ...(opts.ticket ? { ticket: opts.ticket } : {}) },
          opts.token ? { token: opts.token } : {},
        )
    ).code;
  return { ticket, send };
}

describe('overseas region (home: +1)', () => {
  const t = appWith({ region: 'us' });
  const { send, ticket } = sender(t);

  it('register, login and find password to another country: a captcha from the first send', async () => {
    for (const [i, purpose] of (['register', 'login', 'findPwd'] as const).entries()) {
      const mobile = `+4479111234${50 + i}`;
      expect(await send(mobile, purpose), purpose).toBe(Code.captchaRequired);
      expect(await send(mobile, purpose, { ticket: await ticket() }), purpose).toBe(Code.ok);
    }
  });

  it('to a home number, the first sends need none', async () => {
    expect(await send('+12015550101', 'register')).toBe(Code.ok);
  });

  it('with a session (binding a mobile abroad): no captcha on the first send', async () => {
    const who = await createAccount(t);
    expect(await send('+447911123499', 'bindMobile', { token: who.token })).toBe(Code.ok);
  });
});

describe('China (home: +86)', () => {
  const t = appWith({ region: 'cn' });
  const { send, ticket } = sender(t);

  it('a mainland number needs none; Hong Kong is abroad', async () => {
    expect(await send('13900001111', 'register')).toBe(Code.ok);
    expect(await send('+85251234567', 'register')).toBe(Code.captchaRequired);
    expect(await send('+85251234567', 'register', { ticket: await ticket() })).toBe(Code.ok);
  });
});

describe('the daily budget per country (SMS_COUNTRY_DAILY_BUDGET)', () => {
  const t = appWith({ region: 'us', env: { SMS_COUNTRY_DAILY_BUDGET: '5' } });
  const { send, ticket } = sender(t);

  it('12 sends to one country at once, each with a solved captcha: exactly 5 go, the rest answer 1200013; another country still gets its own', async () => {
    const tickets = await Promise.all(Array.from({ length: 12 }, () => ticket()));
    const codes = await Promise.all(
      tickets.map((tk, i) => send(`+2348031234${String(i).padStart(3, '0')}`, 'register', { ticket: tk })),
    );
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(5);
    expect(codes.filter((c) => c === Code.smsCountryPaused)).toHaveLength(7);
    expect(await send('+33612345678', 'register', { ticket: await ticket() })).toBe(Code.ok);
    // home numbers and sends with a session are outside the budget
    expect(await send('+12015550102', 'register')).toBe(Code.ok);
  });

  it('the budget is of the last 24 hours: it comes back a day later', async () => {
    let clock = new Date('2026-03-01T08:00:00Z');
    const codes = createCodesService({
      db: t.db,
      now: () => clock,
      smsHomeCallingCodes: ['1'],
      smsCountryDailyBudget: 2,
    });
    // tickets are not the subject: a captcha-free path is not offered abroad, so solve one each time
    const issue = async (mobile: string) => codes.issue('login', mobile, { ticket: await ticket() });
    await issue('+491701234501');
    clock = new Date(clock.getTime() + 12 * HOUR);
    await issue('+491701234502');
    await expect(issue('+491701234503')).rejects.toMatchObject({ code: Code.smsCountryPaused });
    clock = new Date(clock.getTime() + 12 * HOUR + 1000);
    // the first send is now more than a day old
    await expect(issue('+491701234503')).resolves.toMatch(/^\d{6}$/);
    clock = new Date(clock.getTime() + DAY);
    await expect(issue('+491701234504')).resolves.toMatch(/^\d{6}$/);
  });
});
