/**
 * Signing in with a passkey (docs/decisions/0047-passkeys.md): passwordless,
 * with a discoverable credential (a user-verified assertion is both factors),
 * and as the second factor of a login's second step. Assertions are real
 * (software authenticator); a replayed challenge, a replayed or cloned sign
 * counter, another origin or RP id, a passkey of another account and a
 * missing user verification are refused; failures are counted like logins.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginAnswer } from '@ac/protocol/two-factor';
import { describe, expect, it } from 'vitest';
import { type Lie, type SoftwareAuthenticator, softwareAuthenticator } from '../../../test/software-authenticator.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { MEMBER_PASSWORD, memberWithPassword, memberWithTotp } from '../../../test/two-factor-support.ts';

const t = testAppForTests({ demo: true });
/** PUBLIC_URL is http://127.0.0.1:8080: passkeys use localhost on its port (passkeys.ts). */
const ORIGIN = 'http://localhost:8080';

type Member = { ip: string; token: string; email: string };
type Options = Parameters<SoftwareAuthenticator['create']>[0];

async function withPasskey<M extends Member>(m: M) {
  const key = softwareAuthenticator(ORIGIN);
  const c = t.client.from(m.ip);
  const start = await c.call(calls.twoFactor.passkeyRegisterOptions, {}, { token: m.token });
  const response = key.create(start.data.options as unknown as Options);
  const done = await c.call(
    calls.twoFactor.passkeyRegister,
    { challengeId: start.data.challengeId, response, name: 'Laptop' },
    { token: m.token },
  );
  if (done.code !== Code.ok) throw new Error(`register: ${done.code} ${done.msg}`);
  return key;
}

async function passkeyLogin(ip: string, key: SoftwareAuthenticator, lie: Lie = {}) {
  const c = t.client.from(ip);
  const start = await c.call(calls.session.passkeyLoginOptions, {});
  expect(start.code).toBe(Code.ok);
  const response = key.get(start.data.options as unknown as Options, lie);
  const answer = await c.call(calls.session.passkeyLogin, { challengeId: start.data.challengeId, response });
  return { answer, challengeId: start.data.challengeId, response };
}

describe('passwordless sign-in with a passkey', () => {
  it('asks for any discoverable passkey, and a user-verified one gives a session with its second factor proven', async () => {
    const m = await memberWithTotp(t);
    const key = await withPasskey(m);
    const start = await t.client.from(m.ip).call(calls.session.passkeyLoginOptions, {});
    expect(start.data.options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(start.data.options).not.toHaveProperty('allowCredentials.0');

    const { answer } = await passkeyLogin(m.ip, key);
    expect(answer.code).toBe(Code.ok);
    expect(answer.data.userInfo.email).toBe(m.email);
    expect(answer.cookies.find((c) => c.name === 'gstarsso_ticket')?.value).toBe(answer.data.utoken);
    // both factors: no second step, and security changes are open
    const status = await t.client.call(calls.twoFactor.status, {}, { token: answer.data.utoken });
    expect(status.data).toMatchObject({ enabled: true, fresh: true });
    const list = await t.client.call(calls.twoFactor.passkeys, {}, { token: answer.data.utoken });
    expect(list.data.rows[0]!.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed challenge, a replayed sign counter, and an assertion without user verification', async () => {
    const m = await memberWithPassword(t);
    const key = await withPasskey(m);
    const first = await passkeyLogin(m.ip, key);
    expect(first.answer.code).toBe(Code.ok);
    const replay = await t.client
      .from(m.ip)
      .call(calls.session.passkeyLogin, { challengeId: first.challengeId, response: first.response });
    expect(replay.code).toBe(Code.passkeyChallengeExpired);

    // a cloned authenticator answers with a counter not above the stored one
    expect((await passkeyLogin(m.ip, key, { counter: 1 })).answer.code).toBe(Code.passkeyInvalid);
    expect((await passkeyLogin(m.ip, key, { userVerified: false })).answer.code).toBe(Code.passkeyInvalid);
    expect((await passkeyLogin(m.ip, key)).answer.code).toBe(Code.ok);
  });

  it('refuses another origin and another RP id', async () => {
    const m = await memberWithPassword(t);
    const key = await withPasskey(m);
    expect((await passkeyLogin(m.ip, key, { origin: 'https://login.example.net' })).answer.code).toBe(
      Code.passkeyInvalid,
    );
    expect((await passkeyLogin(m.ip, key, { rpId: 'example.net' })).answer.code).toBe(Code.passkeyInvalid);
  });

  it('refuses an unknown passkey, and counts failures like password logins until the account locks', async () => {
    const m = await memberWithPassword(t);
    const key = await withPasskey(m);
    const stranger = softwareAuthenticator(ORIGIN);
    stranger.create({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    expect((await passkeyLogin(m.ip, stranger)).answer.code).toBe(Code.passkeyInvalid);

    const codes: string[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await passkeyLogin(m.ip, key, { origin: 'https://evil.example' })).answer.code);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(Code.passkeyInvalid));
    expect(codes[5]).toBe(Code.tooManyRequests);
    // the password login of the account from this address is locked too: one budget
    const login = await t.client.from(m.ip).call(calls.session.login, { account: m.email, password: MEMBER_PASSWORD });
    expect(login.code).toBe(Code.tooManyRequests);
  });
});

describe('a passkey in the second step', () => {
  it('is offered beside the app and recovery codes, and finishes the login once', async () => {
    const m = await memberWithTotp(t);
    const key = await withPasskey(m);
    const c = t.client.from(m.ip);
    const login = await c.call(calls.session.login, { account: m.email, password: MEMBER_PASSWORD });
    const { secondStep } = login.data as Extract<TLoginAnswer, { secondStep: unknown }>;
    expect(secondStep.methods).toEqual(['totp', 'recovery', 'passkey']);

    const start = await c.call(calls.session.passkeySecondStepOptions, { ticket: secondStep.ticket });
    expect(start.code).toBe(Code.ok);
    expect((start.data.options as { allowCredentials: unknown[] }).allowCredentials).toHaveLength(1);
    const response = key.get(start.data.options as unknown as Options, { userVerified: false });
    const done = await c.call(calls.session.loginSecondStepPasskey, {
      ticket: secondStep.ticket,
      challengeId: start.data.challengeId,
      response,
      trustBrowser: true,
    });
    expect(done.code).toBe(Code.ok);
    expect(done.data.userInfo.email).toBe(m.email);
    expect(done.cookies.find((k) => k.name === 'ac_trusted_browser')).toBeDefined();
    expect((await t.client.call(calls.twoFactor.status, {}, { token: done.data.utoken })).data.fresh).toBe(true);

    // the ticket is used up
    expect((await c.call(calls.session.passkeySecondStepOptions, { ticket: secondStep.ticket })).code).toBe(
      Code.secondStepExpired,
    );
  });

  it("refuses another account's passkey, a challenge of a passwordless sign-in, and a replayed challenge", async () => {
    const m = await memberWithTotp(t);
    await withPasskey(m);
    const other = await memberWithPassword(t);
    const otherKey = await withPasskey(other);
    const c = t.client.from(m.ip);
    const login = await c.call(calls.session.login, { account: m.email, password: MEMBER_PASSWORD });
    const { ticket } = (login.data as Extract<TLoginAnswer, { secondStep: unknown }>).secondStep;

    const start = await c.call(calls.session.passkeySecondStepOptions, { ticket });
    const foreign = otherKey.get(start.data.options as unknown as Options);
    const refused = await c.call(calls.session.loginSecondStepPasskey, {
      ticket,
      challengeId: start.data.challengeId,
      response: foreign,
    });
    expect(refused.code).toBe(Code.passkeyInvalid);
    // the challenge was spent by the failure
    expect(
      (
        await c.call(calls.session.loginSecondStepPasskey, {
          ticket,
          challengeId: start.data.challengeId,
          response: foreign,
        })
      ).code,
    ).toBe(Code.passkeyChallengeExpired);
    const passwordless = await c.call(calls.session.passkeyLoginOptions, {});
    expect(
      (
        await c.call(calls.session.loginSecondStepPasskey, {
          ticket,
          challengeId: passwordless.data.challengeId,
          response: foreign,
        })
      ).code,
    ).toBe(Code.passkeyChallengeExpired);
  });

  it('is not offered to an account without passkeys', async () => {
    const m = await memberWithTotp(t);
    const login = await t.client.from(m.ip).call(calls.session.login, { account: m.email, password: MEMBER_PASSWORD });
    const { ticket, methods } = (login.data as Extract<TLoginAnswer, { secondStep: unknown }>).secondStep;
    expect(methods).toEqual(['totp', 'recovery']);
    expect((await t.client.from(m.ip).call(calls.session.passkeySecondStepOptions, { ticket })).code).toBe(
      Code.passkeyNotFound,
    );
  });
});
