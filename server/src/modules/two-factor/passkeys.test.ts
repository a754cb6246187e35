/**
 * A member's passkeys through the envelope (docs/decisions/0047-passkeys.md):
 * registering several (options, then a real attestation from a software
 * authenticator), naming, removing; adding and removing need a fresh second
 * factor while two-step verification is on; the challenge is single use and
 * bound to its member; a wrong origin or RP id is refused.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Lie, type SoftwareAuthenticator, softwareAuthenticator } from '../../../test/software-authenticator.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { memberWithPassword, memberWithTotp, totpCode } from '../../../test/two-factor-support.ts';
import { secondFactors, sessions, webauthnChallenges } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { relyingPartyOf } from '../second-factor/passkeys.ts';

const t = testAppForTests({ demo: true });
/** PUBLIC_URL is http://127.0.0.1:8080: passkeys use localhost on its port (passkeys.ts). */
const ORIGIN = 'http://localhost:8080';

type Member = { ip: string; token: string };
type Options = Parameters<SoftwareAuthenticator['create']>[0];

async function register(m: Member, key: SoftwareAuthenticator, name: string, lie: Lie = {}) {
  const c = t.client.from(m.ip);
  const start = await c.call(calls.twoFactor.passkeyRegisterOptions, {}, { token: m.token });
  expect(start.code).toBe(Code.ok);
  const response = key.create(start.data.options as unknown as Options, lie);
  return c.call(
    calls.twoFactor.passkeyRegister,
    { challengeId: start.data.challengeId, response, name },
    { token: m.token },
  );
}

const ageSecondFactor = (token: string, minutes: number) =>
  t.db
    .update(sessions)
    .set({ secondFactorAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessions.tokenHash, sha256Hex(token)));

describe('registering passkeys', () => {
  it('asks for a discoverable credential of this portal, stores several, and lists them', async () => {
    const m = await memberWithPassword(t);
    const c = t.client.from(m.ip);
    const start = await c.call(calls.twoFactor.passkeyRegisterOptions, {}, { token: m.token });
    expect(start.code).toBe(Code.ok);
    expect(start.data.options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: m.email, displayName: 'Two Factor' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
    });
    // the challenge is stored server-side, under the hash of its id only
    const [stored] = await t.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.idHash, sha256Hex(start.data.challengeId)));
    expect(stored).toMatchObject({ purpose: 'register', subjectId: m.userId });

    const key = softwareAuthenticator(ORIGIN);
    const laptop = await c.call(
      calls.twoFactor.passkeyRegister,
      {
        challengeId: start.data.challengeId,
        response: key.create(start.data.options as unknown as Options),
        name: 'Laptop',
      },
      { token: m.token },
    );
    expect(laptop.code).toBe(Code.ok);
    expect(laptop.data).toMatchObject({ name: 'Laptop', lastUsedAt: null, synced: false });
    const phone = await register(m, key, 'Phone');
    expect(phone.code).toBe(Code.ok);

    // the second registration's options exclude the first credential
    const again = await c.call(calls.twoFactor.passkeyRegisterOptions, {}, { token: m.token });
    expect((again.data.options as { excludeCredentials: unknown[] }).excludeCredentials).toHaveLength(2);

    const list = await c.call(calls.twoFactor.passkeys, {}, { token: m.token });
    expect(list.data.rows.map((r) => r.name)).toEqual(['Laptop', 'Phone']);
    // a passkey alone does not turn two-step verification on
    expect((await c.call(calls.twoFactor.status, {}, { token: m.token })).data.enabled).toBe(false);
    const rows = await t.db.select().from(secondFactors).where(eq(secondFactors.subjectId, m.userId));
    expect(rows.map((r) => r.kind)).toEqual(['passkey', 'passkey']);
    expect(rows[0]!.credentialId).toBe(Buffer.from(key.credentials[0]!.id).toString('base64url'));
  });

  it('uses a challenge once, and only for its own member', async () => {
    const m = await memberWithPassword(t);
    const c = t.client.from(m.ip);
    const key = softwareAuthenticator(ORIGIN);
    const start = await c.call(calls.twoFactor.passkeyRegisterOptions, {}, { token: m.token });
    const response = key.create(start.data.options as unknown as Options);
    const other = await memberWithPassword(t);
    const stolen = await t.client
      .from(other.ip)
      .call(
        calls.twoFactor.passkeyRegister,
        { challengeId: start.data.challengeId, response, name: 'Stolen' },
        { token: other.token },
      );
    expect(stolen.code).toBe(Code.passkeyChallengeExpired);
    // the failed use spent it
    const replay = await c.call(
      calls.twoFactor.passkeyRegister,
      { challengeId: start.data.challengeId, response, name: 'Mine' },
      { token: m.token },
    );
    expect(replay.code).toBe(Code.passkeyChallengeExpired);

    const next = await c.call(calls.twoFactor.passkeyRegisterOptions, {}, { token: m.token });
    const fresh = key.create(next.data.options as unknown as Options);
    const payload = { challengeId: next.data.challengeId, response: fresh, name: 'Mine' };
    expect((await c.call(calls.twoFactor.passkeyRegister, payload, { token: m.token })).code).toBe(Code.ok);
    expect((await c.call(calls.twoFactor.passkeyRegister, payload, { token: m.token })).code).toBe(
      Code.passkeyChallengeExpired,
    );
  });

  it('refuses an expired challenge, a wrong origin, a wrong RP id and a malformed answer', async () => {
    const m = await memberWithPassword(t);
    const c = t.client.from(m.ip);
    const key = softwareAuthenticator(ORIGIN);
    const start = await c.call(calls.twoFactor.passkeyRegisterOptions, {}, { token: m.token });
    await t.db
      .update(webauthnChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(webauthnChallenges.idHash, sha256Hex(start.data.challengeId)));
    const late = await c.call(
      calls.twoFactor.passkeyRegister,
      {
        challengeId: start.data.challengeId,
        response: key.create(start.data.options as unknown as Options),
        name: 'Late',
      },
      { token: m.token },
    );
    expect(late.code).toBe(Code.passkeyChallengeExpired);

    expect((await register(m, key, 'Phish', { origin: 'https://account-center.example.net' })).code).toBe(
      Code.passkeyInvalid,
    );
    expect((await register(m, key, 'Other RP', { rpId: 'example.net' })).code).toBe(Code.passkeyInvalid);

    const next = await c.call(calls.twoFactor.passkeyRegisterOptions, {}, { token: m.token });
    const broken = { ...key.create(next.data.options as unknown as Options), response: { clientDataJSON: 'AAAA' } };
    expect(
      (
        await c.call(
          calls.twoFactor.passkeyRegister,
          { challengeId: next.data.challengeId, response: broken, name: 'Broken' },
          { token: m.token },
        )
      ).code,
    ).toBe(Code.passkeyInvalid);
    expect((await c.call(calls.twoFactor.passkeys, {}, { token: m.token })).data.rows).toHaveLength(0);
  });
});

describe('naming and removing passkeys', () => {
  it('renames and removes only my own passkeys', async () => {
    const m = await memberWithPassword(t);
    const c = t.client.from(m.ip);
    const key = softwareAuthenticator(ORIGIN);
    const added = await register(m, key, 'Laptop');
    const renamed = await c.call(
      calls.twoFactor.passkeyRename,
      { id: added.data.id, name: '  Work laptop ' },
      { token: m.token },
    );
    expect(renamed.data.name).toBe('Work laptop');
    expect(
      (await c.call(calls.twoFactor.passkeyRename, { id: added.data.id, name: '   ' }, { token: m.token })).code,
    ).toBe(Code.invalidParam);

    const other = await memberWithPassword(t);
    const oc = t.client.from(other.ip);
    expect(
      (await oc.call(calls.twoFactor.passkeyRename, { id: added.data.id, name: 'Mine' }, { token: other.token })).code,
    ).toBe(Code.passkeyNotFound);
    expect((await oc.call(calls.twoFactor.passkeyRemove, { id: added.data.id }, { token: other.token })).code).toBe(
      Code.passkeyNotFound,
    );

    expect((await c.call(calls.twoFactor.passkeyRemove, { id: added.data.id }, { token: m.token })).code).toBe(Code.ok);
    expect((await c.call(calls.twoFactor.passkeys, {}, { token: m.token })).data.rows).toHaveLength(0);
    expect((await c.call(calls.twoFactor.passkeyRemove, { id: added.data.id }, { token: m.token })).code).toBe(
      Code.passkeyNotFound,
    );
  });

  it('with two-step verification on, adding and removing need a second factor of the last 10 minutes', async () => {
    const m = await memberWithTotp(t);
    const c = t.client.from(m.ip);
    const key = softwareAuthenticator(ORIGIN);
    const added = await register(m, key, 'Laptop');
    expect(added.code).toBe(Code.ok);

    await ageSecondFactor(m.token, 11);
    expect((await c.call(calls.twoFactor.passkeyRegisterOptions, {}, { token: m.token })).code).toBe(
      Code.secondFactorRequired,
    );
    expect((await c.call(calls.twoFactor.passkeyRemove, { id: added.data.id }, { token: m.token })).code).toBe(
      Code.secondFactorRequired,
    );
    // naming is no security change
    expect(
      (await c.call(calls.twoFactor.passkeyRename, { id: added.data.id, name: 'Desk' }, { token: m.token })).code,
    ).toBe(Code.ok);

    expect((await c.call(calls.twoFactor.verify, { code: totpCode(m.secret) }, { token: m.token })).code).toBe(Code.ok);
    expect((await c.call(calls.twoFactor.passkeyRemove, { id: added.data.id }, { token: m.token })).code).toBe(Code.ok);
    expect((await register(m, key, 'Phone')).code).toBe(Code.ok);
  });

  it('stay when two-step verification is turned off', async () => {
    const m = await memberWithTotp(t);
    const key = softwareAuthenticator(ORIGIN);
    await register(m, key, 'Laptop');
    const c = t.client.from(m.ip);
    expect((await c.call(calls.twoFactor.disable, { code: m.recoveryCodes[0]! }, { token: m.token })).code).toBe(
      Code.ok,
    );
    expect((await c.call(calls.twoFactor.passkeys, {}, { token: m.token })).data.rows).toHaveLength(1);
  });
});

describe('the relying party', () => {
  it("is PUBLIC_URL's host name and origin; a loopback address becomes localhost on its port", () => {
    expect(relyingPartyOf('https://account.example.com')).toEqual({
      id: 'account.example.com',
      origin: 'https://account.example.com',
      name: 'account.example.com',
    });
    expect(relyingPartyOf('http://127.0.0.1:8301')).toMatchObject({ id: 'localhost', origin: 'http://localhost:8301' });
  });
});
