/**
 * Device sign-in (docs/protocol.md#device-sign-in), through HTTP with the real
 * envelope: a CAD client starts and polls, a member with two-step verification
 * looks the user code up, approves or denies it in the portal.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { USER_CODE_ALPHABET } from '@ac/protocol/device-sign-in';
import type { TClientInfo } from '@ac/protocol/envelope';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForTests } from '../../../test/test-app.ts';
import {
  forgetUsedStep,
  MEMBER_PASSWORD,
  memberWithTotp,
  secondStepTicket,
  type TwoFactorMember,
  totpCode,
} from '../../../test/two-factor-support.ts';
import { deviceSignIns, sessions } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createDeviceSignInService } from './device-sign-in.service.ts';

const t = testAppForTests();

const cad: Partial<TClientInfo> = { clientType: 'df_windows', clientVersion: '3.2', deviceId: 'dev-uuid-1' };
let ips = 0;
const cadIp = () => `10.88.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

/** A CAD client from its own address: start and poll. */
function cadClient(ip = cadIp()) {
  const client = t.client.from(ip);
  return {
    start: (deviceName = 'Drafting PC') => client.call(calls.deviceSignIn.start, { deviceName }, { clientInfo: cad }),
    poll: (deviceCode: string) => client.call(calls.deviceSignIn.poll, { deviceCode }, { clientInfo: cad }),
  };
}

/** The member signed in to the portal with the second step: a session with a fresh second factor. */
async function portalSession(m: TwoFactorMember) {
  await forgetUsedStep(t, m.userId);
  const ticket = await secondStepTicket(t, m);
  const done = await t.client
    .from(m.ip)
    .call(calls.session.loginSecondStep, { ticket, code: totpCode(m.secret), trustBrowser: false });
  if (done.code !== Code.ok) throw new Error(`second step: ${done.code}`);
  return done.data.utoken;
}

const portal = (m: TwoFactorMember, token: string) => ({
  lookup: (userCode: string) => t.client.from(m.ip).call(calls.deviceSignIn.lookup, { userCode }, { token }),
  approve: (userCode: string) => t.client.from(m.ip).call(calls.deviceSignIn.approve, { userCode }, { token }),
  deny: (userCode: string) => t.client.from(m.ip).call(calls.deviceSignIn.deny, { userCode }, { token }),
});

/** Lets the next poll come without waiting the interval (the tests poll faster than a client may). */
const waited = (deviceCode: string) =>
  t.db
    .update(deviceSignIns)
    .set({ lastPolledAt: sql`now() - interval '1 minute'` })
    .where(eq(deviceSignIns.deviceCodeHash, sha256Hex(deviceCode)));

describe('device sign-in', () => {
  it('starts with a device code, a user code XXXX-XXXX and where to enter it', async () => {
    const res = await cadClient().start();
    expect(res.code).toBe(Code.ok);
    const s = res.data;
    expect(s.deviceCode.length).toBeGreaterThanOrEqual(40);
    expect(s.userCode).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{4}-[${USER_CODE_ALPHABET}]{4}$`));
    expect(s.verificationUri).toBe(`${t.config.publicUrl}${t.config.basePath}/device`);
    expect(s.verificationUriComplete).toBe(`${s.verificationUri}?code=${s.userCode}`);
    expect(s).toMatchObject({ expiresIn: 600, interval: 5 });
    // only hashes are stored
    const [row] = await t.db
      .select()
      .from(deviceSignIns)
      .where(eq(deviceSignIns.deviceCodeHash, sha256Hex(s.deviceCode)));
    expect(row).toMatchObject({ clientType: 'df_windows', deviceId: 'dev-uuid-1', deviceName: 'Drafting PC' });
    expect(JSON.stringify(row)).not.toContain(s.deviceCode);
    expect(JSON.stringify(row)).not.toContain(s.userCode.replace('-', ''));
  });

  it('refuses a device name with control characters', async () => {
    expect((await cadClient().start('Evil\u202Ename')).code).toBe(Code.invalidParam);
  });

  it('is pending, slows a client that polls too fast, then approves once with a session of the client', async () => {
    const m = await memberWithTotp(t);
    // the client's own login is refused: two-step verification is on
    const direct = await t.client
      .from(cadIp())
      .call(calls.session.login, { account: m.email, password: MEMBER_PASSWORD }, { clientInfo: cad });
    expect(direct.code).toBe(Code.twoFactorUseDeviceSignIn);

    const client = cadClient();
    const { deviceCode, userCode } = (await client.start()).data;
    expect((await client.poll(deviceCode)).code).toBe(Code.deviceSignInPending);
    const fast = await client.poll(deviceCode);
    expect(fast.code).toBe(Code.deviceSignInSlowDown);
    expect(fast.msg).toContain('interval 10 s');
    expect((await client.poll(deviceCode)).msg).toContain('interval 15 s');
    await waited(deviceCode);
    expect((await client.poll(deviceCode)).code).toBe(Code.deviceSignInPending);

    const token = await portalSession(m);
    const p = portal(m, token);
    // typed in lower case, without the hyphen
    const seen = await p.lookup(userCode.replace('-', ' ').toLowerCase());
    expect(seen.code).toBe(Code.ok);
    expect(seen.data).toMatchObject({
      userCode,
      clientType: 'df_windows',
      clientVersion: '3.2',
      deviceName: 'Drafting PC',
    });
    expect(seen.data.ip).toMatch(/^10\.88\./);
    expect((await p.approve(userCode)).code).toBe(Code.ok);
    // decided: the code is no longer pending
    expect((await p.lookup(userCode)).code).toBe(Code.userCodeInvalid);

    await waited(deviceCode);
    const got = await client.poll(deviceCode);
    expect(got.code).toBe(Code.ok);
    expect(got.data.userInfo.email).toBe(m.email);
    const me = await t.client.call(calls.session.userInfo, {}, { token: got.data.utoken });
    expect(me.code).toBe(Code.ok);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(got.data.utoken)));
    expect(session).toMatchObject({ clientType: 'df_windows', clientVersion: '3.2', deviceId: 'dev-uuid-1' });
    expect(session!.secondFactorAt).toBeNull();

    // single use
    await waited(deviceCode);
    expect((await client.poll(deviceCode)).code).toBe(Code.deviceCodeInvalid);
  });

  it('answers access denied once the user denies', async () => {
    const m = await memberWithTotp(t);
    const client = cadClient();
    const { deviceCode, userCode } = (await client.start()).data;
    const p = portal(m, await portalSession(m));
    expect((await p.deny(userCode)).code).toBe(Code.ok);
    expect((await client.poll(deviceCode)).code).toBe(Code.deviceSignInDenied);
    expect((await p.approve(userCode)).code).toBe(Code.userCodeInvalid);
  });

  it('voids an approval when the session that gave it ended before the client polled', async () => {
    const m = await memberWithTotp(t);
    const client = cadClient();
    const { deviceCode, userCode } = (await client.start()).data;
    const token = await portalSession(m);
    expect((await portal(m, token).approve(userCode)).code).toBe(Code.ok);
    expect((await t.client.from(m.ip).call(calls.session.logout, {}, { token })).code).toBe(Code.ok);
    expect((await client.poll(deviceCode)).code).toBe(Code.deviceSignInDenied);
    await waited(deviceCode);
    expect((await client.poll(deviceCode)).code).toBe(Code.deviceCodeInvalid);
  });

  it('approving needs a second factor of the last 10 minutes', async () => {
    const m = await memberWithTotp(t);
    const client = cadClient();
    const { deviceCode, userCode } = (await client.start()).data;
    const token = await portalSession(m);
    await t.db
      .update(sessions)
      .set({ secondFactorAt: sql`now() - interval '11 minutes'` })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expect((await portal(m, token).approve(userCode)).code).toBe(Code.secondFactorRequired);
    expect((await client.poll(deviceCode)).code).toBe(Code.deviceSignInPending);
  });

  it('expires after 10 minutes: the client is told, the user code no longer works', async () => {
    const m = await memberWithTotp(t);
    const client = cadClient();
    const { deviceCode, userCode } = (await client.start()).data;
    await t.db
      .update(deviceSignIns)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(deviceSignIns.deviceCodeHash, sha256Hex(deviceCode)));
    const p = portal(m, await portalSession(m));
    expect((await p.lookup(userCode)).code).toBe(Code.userCodeInvalid);
    expect((await p.approve(userCode)).code).toBe(Code.userCodeInvalid);
    expect((await client.poll(deviceCode)).code).toBe(Code.deviceSignInExpired);
    expect((await client.poll('no-such-device-code')).code).toBe(Code.deviceCodeInvalid);
  });

  it('lives exactly 10 minutes by the injected clock', async () => {
    const clock = { now: new Date() };
    const services = { db: t.db, audit: createAuditService({ db: t.db }), webUrl: 'http://x' };
    const refused = () => {
      throw new Error('not reached');
    };
    const service = createDeviceSignInService({
      ...services,
      sessions: {
        loginApprovedDevice: refused,
        beginCodeGuess: refused,
        codeGuessSucceeded: refused,
        requireFreshSecondFactor: refused,
        isLive: refused,
      },
      now: () => clock.now,
    });
    const r = {
      clientInfo: { clientType: 'df_ios', clientVersion: '1' },
      ip: '10.0.0.1',
      userAgent: undefined,
      requestId: 'r',
    };
    const { deviceCode } = await service.start('Phone', r);
    clock.now = new Date(clock.now.getTime() + 599_000);
    await expect(service.poll(deviceCode, r)).rejects.toMatchObject({ code: Code.deviceSignInPending });
    clock.now = new Date(clock.now.getTime() + 1_000);
    await expect(service.poll(deviceCode, r)).rejects.toMatchObject({ code: Code.deviceSignInExpired });
  });

  it('gives one session to two polls at once after approval', async () => {
    const m = await memberWithTotp(t);
    const client = cadClient();
    const { deviceCode, userCode } = (await client.start()).data;
    expect((await portal(m, await portalSession(m)).approve(userCode)).code).toBe(Code.ok);
    const answers = await Promise.all([client.poll(deviceCode), client.poll(deviceCode), client.poll(deviceCode)]);
    const codes = answers.map((a) => a.code).sort();
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(1);
    expect(codes.filter((c) => c !== Code.ok).every((c) => c === Code.deviceCodeInvalid)).toBe(true);
    const made = await t.db
      .select()
      .from(sessions)
      .where(sql`${sessions.userId} = ${m.userId} and ${sessions.clientType} = 'df_windows'`);
    expect(made).toHaveLength(1);
  });

  it('throttles wrong user codes per account (and not the right one of another account)', async () => {
    const m = await memberWithTotp(t);
    const p = portal(m, await portalSession(m));
    for (let i = 0; i < 5; i++) expect((await p.lookup('BBBB-BBBB')).code).toBe(Code.userCodeInvalid);
    const locked = await p.lookup('BBBB-BBBB');
    expect(locked.code).toBe(Code.tooManyRequests);
    expect(locked.msg).toMatch(/retry in \d+ s/);
    // a right code is refused too while the account is locked
    const { userCode } = (await cadClient().start()).data;
    expect((await p.approve(userCode)).code).toBe(Code.tooManyRequests);
    // another account from elsewhere is not locked
    const other = await memberWithTotp(t);
    expect((await portal(other, await portalSession(other)).lookup(userCode)).code).toBe(Code.ok);
  });

  it('throttles wrong user codes per IP across accounts', async () => {
    const ip = '10.99.0.9';
    for (let n = 0; n < 5; n++) {
      const m = await memberWithTotp(t);
      const p = portal({ ...m, ip }, await portalSession(m));
      for (let i = 0; i < 4; i++) expect((await p.lookup('CCCC-CCCC')).code).toBe(Code.userCodeInvalid);
    }
    // a sixth account's first guess from that address: the address is locked
    const m = await memberWithTotp(t);
    const p = portal({ ...m, ip }, await portalSession(m));
    expect((await p.lookup('CCCC-CCCC')).code).toBe(Code.tooManyRequests);
  });

  it('needs a session to look up, approve or deny', async () => {
    expect((await t.client.call(calls.deviceSignIn.lookup, { userCode: 'BCDF-GHJK' })).code).toBe(Code.sessionExpired);
    expect((await t.client.call(calls.deviceSignIn.approve, { userCode: 'BCDF-GHJK' })).code).toBe(Code.sessionExpired);
  });
});
