/**
 * Rotating FIELD_ENCRYPTION_KEY (docs/decisions/0040-field-key-rotation.md): fields written under
 * the old key still read once it is a previous key, the re-encryption job moves every one of them
 * under the new key (once, also when two runs race), after which the new key alone reads them.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/commerce-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createChecksumVerifier } from '../../adapters/identity/checksum.ts';
import { loadConfig } from '../../config/config.ts';
import { tradeCashAccounts, tradeProfiles } from '../../db/schema/index.ts';
import { createFieldCipher, type FieldCipher, fieldKeyId } from '../../lib/field-crypto.ts';
import { createUserChanges } from '../../lib/user-changes.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { reencryptAll } from '../jobs/scheduled-jobs.ts';
import { createUserService } from '../user/user.service.ts';
import { createTradeService } from './trade.service.ts';

const OLD = Buffer.alloc(32, 11);
const NEW = Buffer.alloc(32, 22);
const ID_NUMBER = '11010519491231002X';
const CARD = '6222021234567890128';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp({ region: 'cn', env: { FIELD_ENCRYPTION_KEY: OLD.toString('base64') } });
  const who = await createAccount(t);
  userId = who.userId;
  const call = (contract: Parameters<TestApp['client']['call']>[0], payload: unknown) =>
    t.client.call(contract, payload, { token: who.token, clientInfo: { clientType: 'gs_trade_pc' } });
  expect((await call(calls.trade.saveAuthentication, { realName: '张三丰', idNumber: ID_NUMBER })).code).toBe(Code.ok);
  expect((await call(calls.trade.setCashPassword, { password: '246800' })).code).toBe(Code.ok);
  const saved = await call(calls.trade.saveCashAccount, {
    type: 'bankCard',
    account: CARD,
    holderName: '张三丰',
    bankName: 'ICBC',
    cashPassword: '246800',
  });
  expect(saved.code).toBe(Code.ok);
});
afterAll(() => t.close());

const tradeWith = (cipher: FieldCipher) =>
  createTradeService({
    db: t.db,
    users: createUserService({ db: t.db, changes: createUserChanges({ db: t.db }) }),
    audit: createAuditService({ db: t.db }),
    cipher,
    verifier: createChecksumVerifier(),
    identityDailyAttempts: 5,
  });
const stored = async () => {
  const [profile] = await t.db.select().from(tradeProfiles).where(eq(tradeProfiles.userId, userId));
  const [cash] = await t.db.select().from(tradeCashAccounts).where(eq(tradeCashAccounts.userId, userId));
  return { realName: profile!.realNameEnc!, idNumber: profile!.idNumberEnc!, card: cash!.accountEnc };
};

describe('a new FIELD_ENCRYPTION_KEY with the old one as a previous key', () => {
  it('reads the old rows, moves each under the new key once (two runs racing), and then needs only the new key', async () => {
    const before = await stored();
    for (const v of Object.values(before)) expect(v.startsWith(`v2.${fieldKeyId(OLD)}.`)).toBe(true);

    const rotated = tradeWith(createFieldCipher(NEW, [OLD]));
    // the old rows still read (the trade account answers the masked identity)
    expect((await rotated.account(userId)).identity?.realName).toBe('**丰');

    const [a, b] = await Promise.all([reencryptAll(rotated), reencryptAll(rotated)]);
    expect(a + b).toBe(2); // one profile (two fields) and one cash account
    expect(await rotated.reencryptFields()).toBe(0);

    const after = await stored();
    for (const v of Object.values(after)) expect(v.startsWith(`v2.${fieldKeyId(NEW)}.`)).toBe(true);
    const onlyNew = createFieldCipher(NEW);
    expect(onlyNew.decrypt(after.idNumber, `id_number:${userId}`)).toBe(ID_NUMBER);
    expect(onlyNew.decrypt(after.realName, `real_name:${userId}`)).toBe('张三丰');
    expect(onlyNew.decrypt(after.card, `cash_account:${userId}`)).toBe(CARD);
    expect((await tradeWith(onlyNew).account(userId)).identity?.realName).toBe('**丰');
    // and the old key alone no longer reads them
    expect(() => createFieldCipher(OLD).decrypt(after.idNumber, `id_number:${userId}`)).toThrow(fieldKeyId(NEW));
  });
});

describe('FIELD_ENCRYPTION_PREVIOUS_KEYS', () => {
  it('takes base64 32-byte keys, comma-separated, and refuses others', () => {
    const c = loadConfig({ FIELD_ENCRYPTION_PREVIOUS_KEYS: `${OLD.toString('base64')}, ${NEW.toString('base64')}` });
    expect(c.previousFieldEncryptionKeys.map((k) => k.toString('hex'))).toEqual([
      OLD.toString('hex'),
      NEW.toString('hex'),
    ]);
    expect(loadConfig({}).previousFieldEncryptionKeys).toEqual([]);
    expect(() => loadConfig({ FIELD_ENCRYPTION_PREVIOUS_KEYS: Buffer.alloc(16).toString('base64') })).toThrow(
      /FIELD_ENCRYPTION_PREVIOUS_KEYS/,
    );
  });
});
