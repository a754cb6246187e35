/**
 * Real-name verification through Tencent Cloud FaceID (docs/decisions/0042-real-name-verification.md),
 * against the local fake of its API that checks the TC3 signature: a match is kept with the provider
 * and its request id, a mismatch and an unknown number answer their codes, a provider that cannot
 * answer answers 1300010 (and gives the attempt back), and a day allows IDENTITY_DAILY_ATTEMPTS
 * checks however many run in parallel.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/commerce-fixtures.ts';
import { type FaceIdFake, startFaceIdFake } from '../../../test/fakes/identity/tencent-faceid.fake.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog, tradeProfiles } from '../../db/schema/index.ts';
import { createFieldCipher } from '../../lib/field-crypto.ts';

const TRADE = { clientType: 'gs_trade_pc' };
const ON_RECORD = '11010519491231002X';
const OTHER_ON_RECORD = '110101199003071233';
const NOT_ON_RECORD = '440300198512314519';
const SECRET = { secretId: 'AKIDfaceidfake0000000000000000000000', secretKey: 'faceid-fake-secret-key-000000000' };

let fake: FaceIdFake;
let t: TestApp;
beforeAll(async () => {
  fake = await startFaceIdFake({ ...SECRET, records: { [ON_RECORD]: '张三丰', [OTHER_ON_RECORD]: '李四' } });
  t = await createTestApp({
    region: 'cn',
    env: {
      IDENTITY_VERIFIER: 'tencent',
      TENCENT_FACEID_SECRET_ID: SECRET.secretId,
      TENCENT_FACEID_SECRET_KEY: SECRET.secretKey,
      TENCENT_FACEID_CONNECT_TO: fake.url,
      IDENTITY_DAILY_ATTEMPTS: '5',
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A new trade account and a caller of its identity page. */
async function member() {
  const a = await createAccount(t);
  // each member from its own address: the per-IP limit of the calls is not what is tested
  const verify = (realName: string, idNumber: string) =>
    t.client
      .from(a.ip)
      .call(calls.trade.saveAuthentication, { realName, idNumber }, { token: a.token, clientInfo: TRADE });
  const profile = async () => (await t.db.select().from(tradeProfiles).where(eq(tradeProfiles.userId, a.userId)))[0];
  return { ...a, verify, profile };
}

describe('real-name verification through Tencent Cloud FaceID', () => {
  it('keeps a match encrypted with the provider and its request id', async () => {
    const m = await member();
    const before = fake.checks.length;
    const res = await m.verify('张三丰', ON_RECORD);
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({ identity: { realName: '**丰', idNumber: '110***********002X' } });
    expect(fake.checks.length).toBe(before + 1);
    const row = (await m.profile())!;
    expect(row.identityProvider).toBe('tencent');
    expect(row.identityRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.idNumberEnc).not.toContain(ON_RECORD);
    expect(createFieldCipher(t.config.fieldEncryptionKey).decrypt(row.idNumberEnc!, `id_number:${m.userId}`)).toBe(
      ON_RECORD,
    );
    const [log] = await t.db.select().from(auditLog).where(eq(auditLog.userId, m.userId));
    expect(JSON.stringify(log?.detail)).not.toContain(ON_RECORD);
  });

  it('answers a mismatch and an unknown number with their codes, storing nothing', async () => {
    const m = await member();
    expect((await m.verify('王五', ON_RECORD)).code).toBe(Code.identityMismatch);
    expect((await m.verify('王五', NOT_ON_RECORD)).code).toBe(Code.identityNotFound);
    const row = await m.profile();
    expect(row?.identityVerifiedAt).toBeNull();
    expect(row?.idNumberEnc).toBeNull();
    expect(row?.identityAttempts).toBe(2);
    const refused = await t.db.select().from(auditLog).where(eq(auditLog.userId, m.userId));
    expect(refused.map((r) => r.event)).toEqual(['trade.identityRefused', 'trade.identityRefused']);
  });

  it('answers 1300010 while the provider is down or unreachable, and gives the attempt back', async () => {
    const m = await member();
    fake.failNext(1);
    const outage = await m.verify('张三丰', ON_RECORD);
    expect(outage.code).toBe(Code.identityServiceBusy);
    fake.refuseConnections();
    try {
      expect((await m.verify('张三丰', ON_RECORD)).code).toBe(Code.identityServiceBusy);
    } finally {
      fake.acceptConnections();
    }
    expect((await m.profile())?.identityAttempts).toBe(0);
    expect((await m.verify('李四', OTHER_ON_RECORD)).code).toBe(Code.ok);
  });

  it('allows five checks a day however many run at once, then 1300011', async () => {
    const m = await member();
    const before = fake.checks.length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => m.verify('王五', ON_RECORD)));
    const codes = answers.map((a) => a.code).sort();
    expect(codes.filter((c) => c === Code.identityMismatch)).toHaveLength(5);
    expect(codes.filter((c) => c === Code.identityAttemptsExhausted)).toHaveLength(3);
    expect(fake.checks.length - before).toBe(5);
    // the right name too waits for tomorrow
    const sixth = await m.verify('张三丰', ON_RECORD);
    expect(sixth.code).toBe(Code.identityAttemptsExhausted);
    expect(sixth.msg).toContain('5');
    expect(fake.checks.length - before).toBe(5);
  });

  it('refuses a request the provider cannot authenticate (a wrong secret key) as retry later', async () => {
    const wrong = await createTestApp({
      region: 'cn',
      env: {
        IDENTITY_VERIFIER: 'tencent',
        TENCENT_FACEID_SECRET_ID: SECRET.secretId,
        TENCENT_FACEID_SECRET_KEY: 'not-the-secret-key-0000000000000',
        TENCENT_FACEID_CONNECT_TO: fake.url,
      },
    });
    try {
      const a = await createAccount(wrong);
      const res = await wrong.client.call(
        calls.trade.saveAuthentication,
        { realName: '张三丰', idNumber: ON_RECORD },
        { token: a.token, clientInfo: TRADE },
      );
      expect(res.code).toBe(Code.identityServiceBusy);
      expect(fake.refused.at(-1)?.code).toBe('AuthFailure.SignatureFailure');
    } finally {
      await wrong.close();
    }
  });
});
