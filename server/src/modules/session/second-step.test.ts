/**
 * The second step of a login (docs/protocol.md#two-factor): a password, code
 * or third-party login of an account with two-factor on earns a single-use
 * 5-minute ticket instead of a session; the ticket and an app or recovery code
 * give the session. Attempts are counted before they are checked and lock
 * like logins; CAD clients are refused; a trusted browser skips the step.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import type { TThirdLoginResponse } from '@ac/protocol/third-party';
import type { TLoginAnswer } from '@ac/protocol/two-factor';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCode } from '../../../test/codes-helper.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { startThirdPartyTestbed, type ThirdPartyTestbed } from '../../../test/third-party-support.ts';
import {
  forgetUsedStep,
  MEMBER_PASSWORD,
  memberWithTotp,
  secondStepTicket,
  totpCode,
} from '../../../test/two-factor-support.ts';
import { secondStepTickets, users } from '../../db/schema/index.ts';
import { createFieldCipher } from '../../lib/field-crypto.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';
import { relyingPartyOf } from '../second-factor/passkeys.ts';
import { createSecondFactorService } from '../second-factor/second-factor.service.ts';

const t = testAppForTests({ demo: true });
const ORIGIN = 'http://127.0.0.1:8080';

const step = (ip: string, ticket: string, code: string, extra: { trustBrowser?: boolean; cookie?: string } = {}) =>
  t.client
    .from(ip)
    .call(
      calls.session.loginSecondStep,
      { ticket, code, trustBrowser: extra.trustBrowser ?? false },
      { headers: extra.cookie ? { cookie: extra.cookie } : {} },
    );
const wrongCode = (secret: string) => (totpCode(secret) === '000000' ? '111111' : '000000');

describe('a password login with two-factor on', () => {
  it('answers a ticket and no session; the ticket and an app code give the session, once', async () => {
    const m = await memberWithTotp(t);
    const login = await t.client.from(m.ip).call(calls.session.login, { account: m.email, password: MEMBER_PASSWORD });
    expect(login.code).toBe(Code.ok);
    expect(login.data).not.toHaveProperty('utoken');
    expect(login.cookies.find((c) => c.name === 'gstarsso_ticket')).toBeUndefined();
    const { secondStep } = login.data as Extract<TLoginAnswer, { secondStep: unknown }>;
    expect(secondStep.methods).toEqual(['totp', 'recovery']);
    const minutes = (Date.parse(secondStep.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.9);
    expect(minutes).toBeLessThanOrEqual(5);
    // a wrong password never gets this far
    expect(
      (await t.client.from(m.ip).call(calls.session.login, { account: m.email, password: 'Nope-pass-1' })).code,
    ).toBe(Code.loginFailed);

    expect((await step(m.ip, secondStep.ticket, wrongCode(m.secret))).code).toBe(Code.secondFactorInvalid);
    const done = await step(m.ip, secondStep.ticket, totpCode(m.secret));
    expect(done.code).toBe(Code.ok);
    expect(done.data.userInfo.email).toBe(m.email);
    expect(done.cookies.find((c) => c.name === 'gstarsso_ticket')?.value).toBe(done.data.utoken);
    expect((await t.client.call(calls.session.userInfo, {}, { token: done.data.utoken })).code).toBe(Code.ok);
    // the session has just proven a second factor
    expect((await t.client.call(calls.twoFactor.status, {}, { token: done.data.utoken })).data.fresh).toBe(true);
    // single use
    await forgetUsedStep(t, m.userId);
    expect((await step(m.ip, secondStep.ticket, totpCode(m.secret))).code).toBe(Code.secondStepExpired);
  });

  it('takes each app code once (the replay guard), also when sent in parallel', async () => {
    const m = await memberWithTotp(t);
    const code = totpCode(m.secret);
    const first = await step(m.ip, await secondStepTicket(t, m), code);
    expect(first.code).toBe(Code.ok);
    expect((await step(m.ip, await secondStepTicket(t, m), code)).code).toBe(Code.secondFactorInvalid);

    const other = await memberWithTotp(t);
    const tickets = await Promise.all([1, 2, 3].map(() => secondStepTicket(t, other)));
    const now = totpCode(other.secret);
    const answers = await Promise.all(tickets.map((ticket) => step(other.ip, ticket, now)));
    expect(answers.filter((a) => a.code === Code.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.secondFactorInvalid)).toHaveLength(2);
  });

  it('takes a recovery code once, in any case and with or without the hyphen', async () => {
    const m = await memberWithTotp(t);
    const code = m.recoveryCodes[4]!;
    const typed = ` ${code.replace('-', '').toUpperCase()} `;
    expect((await step(m.ip, await secondStepTicket(t, m), typed)).code).toBe(Code.ok);
    expect((await step(m.ip, await secondStepTicket(t, m), code)).code).toBe(Code.secondFactorInvalid);
    // another member's code is no code of this one
    const other = await memberWithTotp(t);
    expect((await step(other.ip, await secondStepTicket(t, other), m.recoveryCodes[5]!)).code).toBe(
      Code.secondFactorInvalid,
    );
  });

  it('refuses a ticket older than 5 minutes', async () => {
    const m = await memberWithTotp(t);
    const ticket = await secondStepTicket(t, m);
    await t.db
      .update(secondStepTickets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(secondStepTickets.tokenHash, sha256Hex(ticket)));
    expect((await step(m.ip, ticket, totpCode(m.secret))).code).toBe(Code.secondStepExpired);
    expect((await step(m.ip, 'no-such-ticket', totpCode(m.secret))).code).toBe(Code.secondStepExpired);
  });

  it('lets a ticket live 5 minutes by the injected clock', async () => {
    const m = await memberWithTotp(t);
    const clock = { now: new Date() };
    const service = createSecondFactorService({
      db: t.db,
      cipher: createFieldCipher(t.config.fieldEncryptionKey),
      issuer: 'test',
      rp: relyingPartyOf(t.config.publicUrl),
      now: () => clock.now,
    });
    const subject = { kind: 'member', id: m.userId } as const;
    const early = await service.issueTicket(subject, { method: 'password' });
    const late = await service.issueTicket(subject, { method: 'password' });
    clock.now = new Date(clock.now.getTime() + 4 * 60_000 + 59_000);
    await expect(service.completeTicket(early.ticket, m.recoveryCodes[0]!)).resolves.toMatchObject({
      subject,
      method: 'recovery',
      context: { method: 'password' },
    });
    clock.now = new Date(clock.now.getTime() + 2_000);
    await expect(service.completeTicket(late.ticket, m.recoveryCodes[1]!)).rejects.toMatchObject({
      code: Code.secondStepExpired,
    });
  });
});

describe('guessing the second step', () => {
  it('locks the account after 5 wrong codes: then even the right code waits', async () => {
    const m = await memberWithTotp(t);
    const ticket = await secondStepTicket(t, m);
    for (let n = 0; n < 5; n++) {
      expect((await step(m.ip, ticket, wrongCode(m.secret))).code).toBe(Code.secondFactorInvalid);
    }
    const locked = await step(m.ip, ticket, totpCode(m.secret));
    expect(locked.code).toBe(Code.tooManyRequests);
    expect(locked.msg).toMatch(/retry in \d+ s/);
    // a new ticket from another address does not help: the lock is the account's
    expect((await step('10.99.0.1', await secondStepTicket(t, m), totpCode(m.secret))).code).toBe(Code.tooManyRequests);
  });

  it('lets no more than 5 of 30 parallel guesses be checked', { timeout: 60_000 }, async () => {
    const m = await memberWithTotp(t);
    const tickets = await Promise.all([1, 2, 3].map(() => secondStepTicket(t, m)));
    const valid = new Set([-1, 0, 1].map((n) => totpCode(m.secret, n)));
    const guesses = Array.from({ length: 40 }, (_, n) => String(100000 + n * 7919)).filter((g) => !valid.has(g));
    const answers = await Promise.all(guesses.slice(0, 30).map((g, n) => step(m.ip, tickets[n % 3]!, g)));
    const checked = answers.filter((a) => a.code === Code.secondFactorInvalid).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.code === Code.tooManyRequests)).toHaveLength(30 - checked);
  });
});

describe('the other logins', () => {
  it('a code login earns a ticket too', async () => {
    const m = await memberWithTotp(t);
    const code = await sendCode(t, { email: m.email }, 'login');
    const login = await t.client.from(m.ip).call(calls.session.loginByCode, { account: m.email, code });
    expect(login.code).toBe(Code.ok);
    expect(login.data).toHaveProperty('secondStep');
    const { ticket } = (login.data as Extract<TLoginAnswer, { secondStep: unknown }>).secondStep;
    expect((await step(m.ip, ticket, m.recoveryCodes[0]!)).code).toBe(Code.ok);
  });

  it('a CAD client is refused with 1600003 (the device sign-in); a browser sending another client type is not', async () => {
    const m = await memberWithTotp(t);
    const account = { account: m.email, password: MEMBER_PASSWORD };
    const cad = await t.client
      .from(m.ip)
      .call(calls.session.login, account, { clientInfo: { clientType: 'gstarcad' } });
    expect(cad.code).toBe(Code.twoFactorUseDeviceSignIn);
    expect(cad.msg).toMatch(/device sign-in/);
    const code = await sendCode(t, { email: m.email }, 'login');
    const byCode = await t.client
      .from(m.ip)
      .call(calls.session.loginByCode, { account: m.email, code }, { clientInfo: { clientType: 'df_windows' } });
    expect(byCode.code).toBe(Code.twoFactorUseDeviceSignIn);
    // the portal opened by a CAD client keeps its client type, but is a browser (it sends Origin)
    const portal = await t.client
      .from(m.ip)
      .call(calls.session.login, account, { clientInfo: { clientType: 'gstarcad' }, headers: { origin: ORIGIN } });
    expect(portal.data).toHaveProperty('secondStep');
    // accounts without two-factor log in from CAD clients as before
    const plain = await t.client
      .from('10.99.1.1')
      .call(
        calls.session.login,
        { account: DEMO_EMAIL, password: DEMO_PASSWORD },
        { clientInfo: { clientType: 'gstarcad' } },
      );
    expect(plain.data).toHaveProperty('utoken');
  });
});

describe('trusting a browser', () => {
  it('skips the second step for 30 days, until the password changes', async () => {
    const m = await memberWithTotp(t);
    const done = await step(m.ip, await secondStepTicket(t, m), totpCode(m.secret), { trustBrowser: true });
    expect(done.code).toBe(Code.ok);
    const trust = done.cookies.find((c) => c.name === 'ac_trusted_browser');
    expect(trust).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 30 * 86_400 });
    const cookie = `ac_trusted_browser=${trust!.value}`;
    const login = (c?: string) =>
      t.client
        .from(m.ip)
        .call(
          calls.session.login,
          { account: m.email, password: MEMBER_PASSWORD },
          { headers: c ? { cookie: c } : {} },
        );
    const trusted = await login(cookie);
    expect(trusted.data).toHaveProperty('utoken');
    // the session did not prove a second factor: security changes ask for one
    const token = (trusted.data as TLoginResponse).utoken;
    expect((await t.client.call(calls.twoFactor.status, {}, { token })).data.fresh).toBe(false);
    // another member's browser cookie is no trust of this one
    const other = await memberWithTotp(t);
    expect(
      (
        await t.client
          .from(other.ip)
          .call(calls.session.login, { account: other.email, password: MEMBER_PASSWORD }, { headers: { cookie } })
      ).data,
    ).toHaveProperty('secondStep');
    expect((await login()).data).toHaveProperty('secondStep');

    // a password change (with a fresh second factor) forgets every trusted browser
    const change = { type: 'password', oldPassword: MEMBER_PASSWORD, newPassword: 'Harbor-Violet-73' } as const;
    expect((await t.client.from(m.ip).call(calls.password.update, change, { token: done.data.utoken })).code).toBe(
      Code.ok,
    );
    const after = await t.client
      .from(m.ip)
      .call(calls.session.login, { account: m.email, password: 'Harbor-Violet-73' }, { headers: { cookie } });
    expect(after.data).toHaveProperty('secondStep');
  });

  it('is forgotten when two-factor is turned off', async () => {
    const m = await memberWithTotp(t);
    const done = await step(m.ip, await secondStepTicket(t, m), totpCode(m.secret), { trustBrowser: true });
    const cookie = `ac_trusted_browser=${done.cookies.find((c) => c.name === 'ac_trusted_browser')!.value}`;
    expect(
      (
        await t.client
          .from(m.ip)
          .call(calls.twoFactor.disable, { code: m.recoveryCodes[0]! }, { token: done.data.utoken })
      ).code,
    ).toBe(Code.ok);
    // on again: the old cookie is no trust any more
    const start = await t.client
      .from(m.ip)
      .call(calls.twoFactor.startTotp, { password: MEMBER_PASSWORD }, { token: done.data.utoken });
    expect(
      (
        await t.client
          .from(m.ip)
          .call(calls.twoFactor.confirmTotp, { code: totpCode(start.data.secret) }, { token: done.data.utoken })
      ).code,
    ).toBe(Code.ok);
    const login = await t.client
      .from(m.ip)
      .call(calls.session.login, { account: m.email, password: MEMBER_PASSWORD }, { headers: { cookie } });
    expect(login.data).toHaveProperty('secondStep');
  });
});

describe('a third-party login with two-factor on', () => {
  let tb: ThirdPartyTestbed;
  beforeAll(async () => {
    tb = await startThirdPartyTestbed();
  });
  afterAll(() => tb.close());

  it('earns a ticket; the second step gives the session', { timeout: 60_000 }, async () => {
    expect((await tb.bind(tb.other, 'dave')).code).toBe(Code.ok);
    const c = tb.t.client;
    const start = await c.call(calls.twoFactor.startTotp, { password: DEMO_PASSWORD }, { token: tb.other });
    const confirm = await c.call(
      calls.twoFactor.confirmTotp,
      { code: totpCode(start.data.secret) },
      { token: tb.other },
    );
    expect(confirm.code).toBe(Code.ok);
    const res = await tb.thirdLogin<TThirdLoginResponse>('dave');
    expect(res.code).toBe(Code.ok);
    expect(res.cookies.find((k) => k.name === 'gstarsso_ticket')).toBeUndefined();
    if (!('secondStep' in res.data)) throw new Error('expected the second step');
    const done = await c.call(calls.session.loginSecondStep, {
      ticket: res.data.secondStep.ticket,
      code: confirm.data.recoveryCodes[0]!,
    });
    expect(done.code).toBe(Code.ok);
    const [other] = await tb.t.db.select().from(users).where(eq(users.id, done.data.userInfo.id));
    expect(other!.email).toBe(done.data.userInfo.email);
  });
});
