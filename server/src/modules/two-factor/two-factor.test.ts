/**
 * The member's two-step verification settings through the envelope: set up
 * an authenticator app (password, QR code, confirming code, ten recovery
 * codes shown once), prove a factor, new recovery codes, turn it off; and the
 * fresh second factor that security changes need while it is on.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/registration-support.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import {
  forgetUsedStep,
  MEMBER_PASSWORD,
  memberWithPassword,
  memberWithTotp,
  totpCode,
} from '../../../test/two-factor-support.ts';
import { recoveryCodes, secondFactors, sessions } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/hashing.ts';

const t = testAppForTests({ demo: true });

/** The session's second factor proven `minutes` ago. */
const ageSecondFactor = (token: string, minutes: number) =>
  t.db
    .update(sessions)
    .set({ secondFactorAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessions.tokenHash, sha256Hex(token)));

describe('setting up an authenticator app', () => {
  it('needs the password, shows a QR code and the secret, keeps the secret encrypted, and is on only once confirmed', async () => {
    const m = await memberWithPassword(t);
    const c = t.client.from(m.ip);
    const opts = { token: m.token };
    expect((await c.call(calls.twoFactor.startTotp, { password: 'Wrong-pass-9' }, opts)).code).toBe(Code.passwordWrong);
    expect((await c.call(calls.twoFactor.confirmTotp, { code: '123456' }, opts)).code).toBe(Code.totpSetupMissing);
    const start = await c.call(calls.twoFactor.startTotp, { password: MEMBER_PASSWORD }, opts);
    expect(start.code).toBe(Code.ok);
    expect(start.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.data.otpauthUrl).toContain(`secret=${start.data.secret}`);
    expect(start.data.otpauthUrl).toContain('issuer=127.0.0.1');
    expect(start.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.subjectId, m.userId));
    expect(row!.secretEncrypted).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(row!.secretEncrypted).not.toContain(start.data.secret);
    expect(row!.confirmedAt).toBeNull();
    // not on yet: a login still gives a session
    expect((await c.call(calls.twoFactor.status, {}, opts)).data).toMatchObject({ enabled: false });

    const wrong = totpCode(start.data.secret) === '000000' ? '111111' : '000000';
    expect((await c.call(calls.twoFactor.confirmTotp, { code: wrong }, opts)).code).toBe(Code.secondFactorInvalid);
    const confirm = await c.call(calls.twoFactor.confirmTotp, { code: totpCode(start.data.secret) }, opts);
    expect(confirm.code).toBe(Code.ok);
    expect(confirm.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.data.recoveryCodes).size).toBe(10);
    for (const code of confirm.data.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // stored hashed: no code in the table
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.subjectId, m.userId));
    expect(stored).toHaveLength(10);
    for (const r of stored) expect(confirm.data.recoveryCodes.join()).not.toContain(r.codeHash.slice(0, 10));
    expect(JSON.stringify(stored)).not.toContain(confirm.data.recoveryCodes[0]!.replace('-', ''));

    const status = await c.call(calls.twoFactor.status, {}, opts);
    expect(status.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, fresh: true });
    // the account is told, without the codes
    const [notice] = await mailsTo(t.db, m.email);
    expect(notice!.subject).toBe('Two-step verification was turned on');
    expect(notice!.body).not.toContain(confirm.data.recoveryCodes[0]);
    expect((await c.call(calls.twoFactor.startTotp, { password: MEMBER_PASSWORD }, opts)).code).toBe(
      Code.twoFactorAlreadyOn,
    );
  });
});

describe('recovery codes', () => {
  it('are renewed with a fresh second factor only; the old ones stop working', async () => {
    const m = await memberWithTotp(t);
    const c = t.client.from(m.ip);
    await ageSecondFactor(m.token, 11);
    expect((await c.call(calls.twoFactor.regenerateRecoveryCodes, {}, { token: m.token })).code).toBe(
      Code.secondFactorRequired,
    );
    expect((await c.call(calls.twoFactor.verify, { code: totpCode(m.secret) }, { token: m.token })).code).toBe(Code.ok);
    const renewed = await c.call(calls.twoFactor.regenerateRecoveryCodes, {}, { token: m.token });
    expect(renewed.code).toBe(Code.ok);
    expect(renewed.data.recoveryCodes).toHaveLength(10);
    expect((await c.call(calls.twoFactor.verify, { code: m.recoveryCodes[0]! }, { token: m.token })).code).toBe(
      Code.secondFactorInvalid,
    );
    expect(
      (await c.call(calls.twoFactor.verify, { code: renewed.data.recoveryCodes[0]! }, { token: m.token })).code,
    ).toBe(Code.ok);
    expect((await c.call(calls.twoFactor.status, {}, { token: m.token })).data.recoveryCodesLeft).toBe(9);
  });

  it('answer 1600006 while two-factor is off', async () => {
    const m = await memberWithPassword(t);
    const c = t.client.from(m.ip);
    expect((await c.call(calls.twoFactor.regenerateRecoveryCodes, {}, { token: m.token })).code).toBe(
      Code.twoFactorNotOn,
    );
    expect((await c.call(calls.twoFactor.verify, { code: '123456' }, { token: m.token })).code).toBe(
      Code.twoFactorNotOn,
    );
  });
});

describe('turning two-factor off', () => {
  it('takes a second factor, or the password with a fresh second factor', async () => {
    const m = await memberWithTotp(t);
    const c = t.client.from(m.ip);
    const opts = { token: m.token };
    await ageSecondFactor(m.token, 11);
    expect((await c.call(calls.twoFactor.disable, { password: MEMBER_PASSWORD }, opts)).code).toBe(
      Code.secondFactorRequired,
    );
    expect((await c.call(calls.twoFactor.disable, { code: 'aaaaa-bbbbb' }, opts)).code).toBe(Code.secondFactorInvalid);
    await ageSecondFactor(m.token, 1);
    expect((await c.call(calls.twoFactor.disable, { password: 'Wrong-pass-9' }, opts)).code).toBe(Code.passwordWrong);
    expect((await c.call(calls.twoFactor.disable, { password: MEMBER_PASSWORD }, opts)).code).toBe(Code.ok);
    expect((await mailsTo(t.db, m.email)).map((mail) => mail.subject)).toContain(
      'Two-step verification was turned off',
    );
    expect((await c.call(calls.twoFactor.status, {}, opts)).data).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.subjectId, m.userId))).toHaveLength(0);
    // a login gives a session again
    const login = await c.call(calls.session.login, { account: m.email, password: MEMBER_PASSWORD });
    expect(login.data).toHaveProperty('utoken');
  });

  it('with a recovery code, from a session whose second factor is old', async () => {
    const m = await memberWithTotp(t);
    await ageSecondFactor(m.token, 30);
    const off = await t.client
      .from(m.ip)
      .call(calls.twoFactor.disable, { code: m.recoveryCodes[3]! }, { token: m.token });
    expect(off.code).toBe(Code.ok);
    expect((await t.client.call(calls.twoFactor.disable, { code: '123456' }, { token: m.token })).code).toBe(
      Code.twoFactorNotOn,
    );
  });
});

describe('a fresh second factor for security changes', () => {
  it('is asked for by the password change and the e-mail move, and given by twoFactor.verify', async () => {
    const m = await memberWithTotp(t);
    const c = t.client.from(m.ip);
    const opts = { token: m.token };
    const change = { type: 'password', oldPassword: MEMBER_PASSWORD, newPassword: 'Harbor-Violet-73' } as const;
    await ageSecondFactor(m.token, 11);
    expect((await c.call(calls.password.update, change, opts)).code).toBe(Code.secondFactorRequired);
    const move = { nickName: 'Two Factor', email: `moved-${m.email}`, emailCode: '123456' };
    expect((await c.call(calls.profile.update, move, opts)).code).toBe(Code.secondFactorRequired);
    expect((await c.call(calls.twoFactor.status, {}, opts)).data.fresh).toBe(false);

    await forgetUsedStep(t, m.userId);
    const wrong = totpCode(m.secret) === '000000' ? '111111' : '000000';
    expect((await c.call(calls.twoFactor.verify, { code: wrong }, opts)).code).toBe(Code.secondFactorInvalid);
    expect((await c.call(calls.twoFactor.verify, { code: totpCode(m.secret) }, opts)).code).toBe(Code.ok);
    expect((await c.call(calls.twoFactor.status, {}, opts)).data.fresh).toBe(true);
    expect((await c.call(calls.password.update, change, opts)).code).toBe(Code.ok);
  });

  it('is not asked for while two-factor is off', async () => {
    const m = await memberWithPassword(t);
    const change = { type: 'password', oldPassword: MEMBER_PASSWORD, newPassword: 'Harbor-Violet-73' } as const;
    expect((await t.client.from(m.ip).call(calls.password.update, change, { token: m.token })).code).toBe(Code.ok);
  });
});
