import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TUserDetail } from '@ac/protocol/profile';
import type { TLoginResponse } from '@ac/protocol/session';
import { isValidChineseIdNumber } from '@ac/protocol/trade';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createChecksumVerifier } from '../../adapters/identity/checksum.ts';
import { auditLog, tradeCashAccounts, tradeProfiles, users } from '../../db/schema/index.ts';
import { createFieldCipher } from '../../lib/field-crypto.ts';
import { createUserChanges } from '../../lib/user-changes.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createUserService } from '../user/user.service.ts';
import { createTradeService } from './trade.service.ts';

const TRADE = { clientType: 'gs_trade_pc' };
const VALID_ID = '11010519491231002X';

let t: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp({ region: 'cn', demo: true });
  const login = await t.client.call<TLoginResponse>(calls.session.login, {
    account: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  token = login.data.utoken;
  userId = (await t.db.select().from(users).where(eq(users.email, DEMO_EMAIL)))[0]!.id;
});
afterAll(() => t.close());

type Contract = Parameters<TestApp['client']['call']>[0];
const call = <T = Record<string, unknown>>(contract: Contract, payload: unknown, clientType = TRADE.clientType) =>
  t.client.call<T>(contract, payload, { token, clientInfo: { clientType } });
/** The trade service on the test app's database, outside the call's rate limits; `now` injects a clock. */
const tradeService = (now?: () => Date) =>
  createTradeService({
    db: t.db,
    users: createUserService({ db: t.db, changes: createUserChanges({ db: t.db }) }),
    audit: createAuditService({ db: t.db }),
    cipher: createFieldCipher(t.config.fieldEncryptionKey),
    verifier: createChecksumVerifier(),
    identityDailyAttempts: 5,
    ...(now ? { now } : {}),
  });
const tradeOf = async () =>
  (await t.client.call<TUserDetail>(calls.profile.getUserDetail, {}, { token, clientInfo: TRADE })).data.trade!;

describe('resident ID numbers (GB 11643)', () => {
  it('accepts 17 digits with the mod-11 check character and a real birth date', () => {
    for (const id of ['11010519491231002X', '11010519491231002x', '110101199003071233', '440300198512314519']) {
      expect(isValidChineseIdNumber(id), id).toBe(true);
    }
  });
  it('refuses a wrong check digit, an impossible or future birth date, a bad shape', () => {
    for (const id of [
      '110101199003071234', // check digit should be 3
      '110101199002301236', // 30 February (check digit right)
      '110101300001011230', // born in 3000
      '010101199003071230', // area cannot start with 0
      '11010119900307123', // 17 characters
      '1101011990030712X3',
    ]) {
      expect(isValidChineseIdNumber(id), id).toBe(false);
    }
  });
});

describe('who may call', () => {
  it('refuses a non-trade client type with 1300001 on every trade call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [contract, payload] of [
      [calls.trade.saveDetails, { sex: 1, birthYear: 1990, industry: null, educationLevel: null }],
      [calls.trade.saveEducation, { school: 'S', major: 'M', degree: 'bachelor', graduationYear: 2010 }],
      [calls.trade.deleteEducation, { id }],
      [calls.trade.saveWork, { company: 'C', position: 'P', startYear: 2010, endYear: null }],
      [calls.trade.deleteWork, { id }],
      [calls.trade.saveAuthentication, { realName: '张三', idNumber: VALID_ID }],
      [calls.trade.setCashPassword, { password: '123456' }],
      [calls.trade.checkCashPassword, { password: '123456' }],
      [
        calls.trade.saveCashAccount,
        { type: 'alipay', account: '13800000000', holderName: '张三', cashPassword: '123456' },
      ],
      [calls.trade.deleteCashAccount, { id }],
      [calls.trade.setDefCashAccount, { id }],
    ] as const) {
      const res = await call(contract, payload, 'User_PC');
      expect(res.code, contract.path).toBe(Code.noPermission);
      expect(res.msg).toBe('No permission temporarily!');
    }
  });

  it('needs a session', async () => {
    const res = await t.client.call(calls.trade.checkCashPassword, { password: '123456' }, { clientInfo: TRADE });
    expect(res.code).toBe(Code.sessionExpired);
  });

  it('is not answered overseas', async () => {
    const us = await createTestApp({ region: 'us', demo: true });
    try {
      const login = await us.client.call<TLoginResponse>(calls.session.login, {
        account: DEMO_EMAIL,
        password: DEMO_PASSWORD,
      });
      const res = await us.client.call(calls.trade.saveEducation, {}, { token: login.data.utoken, clientInfo: TRADE });
      expect(res.status).toBe(404);
      expect(res.code).toBe(Code.notFound);
      const detail = await us.client.call<TUserDetail>(calls.profile.getUserDetail, {}, { token: login.data.utoken });
      expect(detail.data.trade).toBeUndefined();
    } finally {
      await us.close();
    }
  });
});

describe('details, education and jobs', () => {
  it('getUserDetail carries an empty trade account at first', async () => {
    expect(await tradeOf()).toEqual({
      birthYear: null,
      industry: null,
      educationLevel: null,
      educations: [],
      jobs: [],
      identity: null,
      hasCashPassword: false,
      cashAccounts: [],
    });
  });

  it('saves the details (sex on the user, the rest on the trade profile)', async () => {
    const res = await call(calls.trade.saveDetails, {
      sex: 2,
      birthYear: 1988,
      industry: 'architecture',
      educationLevel: 'master',
    });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({ birthYear: 1988, industry: 'architecture', educationLevel: 'master' });
    const detail = await t.client.call<TUserDetail>(calls.profile.getUserDetail, {}, { token });
    expect(detail.data.sex).toBe(2);
    const bad = await call(calls.trade.saveDetails, {
      sex: 1,
      birthYear: 1969,
      industry: null,
      educationLevel: null,
    });
    expect(bad.code).toBe(Code.invalidParam);
    expect(bad.msg).toContain('birthYear');
  });

  it('adds, lists and deletes education entries; graduation years run from 1970 to this year', async () => {
    const added = await call<{ id: string }>(calls.trade.saveEducation, {
      school: ' Tsinghua University ',
      major: 'Architecture',
      degree: 'bachelor',
      graduationYear: 2010,
    });
    expect(added.code).toBe(Code.ok);
    expect(added.data).toMatchObject({ school: 'Tsinghua University', graduationYear: 2010 });
    expect((await tradeOf()).educations).toHaveLength(1);
    for (const graduationYear of [1969, new Date().getFullYear() + 1]) {
      const res = await call(calls.trade.saveEducation, {
        school: 'S',
        major: 'M',
        degree: 'bachelor',
        graduationYear,
      });
      expect(res.code, String(graduationYear)).toBe(Code.invalidParam);
    }
    expect((await call(calls.trade.deleteEducation, { id: added.data.id })).code).toBe(Code.ok);
    expect((await call(calls.trade.deleteEducation, { id: added.data.id })).code).toBe(Code.tradeEntryNotFound);
    expect((await tradeOf()).educations).toEqual([]);
  });

  it('adds and deletes jobs; the end year is not before the start', async () => {
    const added = await call<{ id: string }>(calls.trade.saveWork, {
      company: 'Demo Engineering',
      position: 'designer',
      startYear: 2011,
      endYear: null,
    });
    expect(added.code).toBe(Code.ok);
    expect((await tradeOf()).jobs).toMatchObject([{ company: 'Demo Engineering', endYear: null }]);
    const reversed = await call(calls.trade.saveWork, { company: 'C', position: 'P', startYear: 2015, endYear: 2012 });
    expect(reversed.code).toBe(Code.invalidParam);
    expect(reversed.msg).toContain('endYear');
    expect((await call(calls.trade.deleteWork, { id: added.data.id })).code).toBe(Code.ok);
    expect((await call(calls.trade.deleteWork, { id: added.data.id })).code).toBe(Code.tradeEntryNotFound);
  });

  it('keeps at most 20 entries per list', async () => {
    for (let i = 0; i < 20; i++) {
      await call(calls.trade.saveWork, { company: `C${i}`, position: 'P', startYear: 2000, endYear: 2001 });
    }
    const res = await call(calls.trade.saveWork, { company: 'C', position: 'P', startYear: 2000, endYear: 2001 });
    expect(res.code).toBe(Code.tradeListFull);
    expect(res.msg).toBe('You can keep at most 20 entries');
  });
});

describe('identity verification', () => {
  it('refuses an ID number failing the checksum, naming the field', async () => {
    const res = await call(calls.trade.saveAuthentication, { realName: '张三', idNumber: '110101199003071234' });
    expect(res.code).toBe(Code.invalidParam);
    expect(res.msg).toContain('idNumber');
  });

  it('stores name and number encrypted (AES-256-GCM), answers them masked, and only once', async () => {
    const res = await call(calls.trade.saveAuthentication, { realName: '张三丰', idNumber: VALID_ID.toLowerCase() });
    expect(res.code).toBe(Code.ok);
    expect(res.data).toMatchObject({ identity: { realName: '**丰', idNumber: '110***********002X' } });

    const [row] = await t.db.select().from(tradeProfiles).where(eq(tradeProfiles.userId, userId));
    expect(row!.idNumberEnc).not.toContain(VALID_ID);
    expect(row!.idNumberEnc).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(row!.realNameEnc).not.toContain('张三丰');
    const cipher = createFieldCipher(t.config.fieldEncryptionKey);
    expect(cipher.decrypt(row!.idNumberEnc!, `id_number:${userId}`)).toBe(VALID_ID);
    // bound to its column and owner: it does not decrypt as another user's
    expect(() => cipher.decrypt(row!.idNumberEnc!, `id_number:${crypto.randomUUID()}`)).toThrow();

    const again = await call(calls.trade.saveAuthentication, { realName: '李四', idNumber: '110101199003071233' });
    expect(again.code).toBe(Code.identityVerified);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.event, 'trade.identityVerified'));
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log)).not.toContain('002X');
  });
});

describe('cash-out settings', () => {
  it('checks the cash password only once one is set', async () => {
    expect((await call(calls.trade.checkCashPassword, { password: '123456' })).code).toBe(Code.cashPasswordNotSet);
    expect((await call(calls.trade.setCashPassword, { password: '12345' })).code).toBe(Code.invalidParam);
    expect((await call(calls.trade.setCashPassword, { password: '135790' })).code).toBe(Code.ok);
    expect((await tradeOf()).hasCashPassword).toBe(true);
    const [row] = await t.db.select().from(tradeProfiles).where(eq(tradeProfiles.userId, userId));
    expect(row!.cashPasswordHash).toMatch(/^\$argon2id\$/);
    expect((await call(calls.trade.checkCashPassword, { password: '135790' })).code).toBe(Code.ok);
    expect((await call(calls.trade.checkCashPassword, { password: '000000' })).code).toBe(Code.cashPasswordWrong);
  });

  it('changes it only with the old one', async () => {
    const missing = await call(calls.trade.setCashPassword, { password: '246800' });
    expect(missing.code).toBe(Code.invalidParam);
    expect(missing.msg).toContain('oldPassword');
    const wrong = await call(calls.trade.setCashPassword, { password: '246800', oldPassword: '111111' });
    expect(wrong.code).toBe(Code.cashPasswordWrong);
    expect((await call(calls.trade.setCashPassword, { password: '246800', oldPassword: '135790' })).code).toBe(Code.ok);
  });

  it('adds accounts with the cash password; the first is the default; numbers are kept encrypted', async () => {
    const alipay = await call<{ id: string }>(calls.trade.saveCashAccount, {
      type: 'alipay',
      account: '13912345678',
      holderName: '张三丰',
      cashPassword: '246800',
    });
    expect(alipay.code).toBe(Code.ok);
    expect(alipay.data).toMatchObject({ type: 'alipay', account: '139****5678', isDefault: true });

    const bad = await call(calls.trade.saveCashAccount, {
      type: 'bankCard',
      account: '6222021234567890123',
      holderName: '张三丰',
      bankName: 'ICBC',
      cashPassword: '246800',
    });
    expect(bad.code).toBe(Code.invalidParam);
    expect(bad.msg).toContain('account');
    const wrongPassword = await call(calls.trade.saveCashAccount, {
      type: 'alipay',
      account: 'a@example.com',
      holderName: '张三丰',
      cashPassword: '999999',
    });
    expect(wrongPassword.code).toBe(Code.cashPasswordWrong);

    const card = await call<{ id: string }>(calls.trade.saveCashAccount, {
      type: 'bankCard',
      account: '6222 0212 3456 7890 128',
      holderName: '张三丰',
      bankName: 'ICBC',
      isDefault: true,
      cashPassword: '246800',
    });
    expect(card.data).toMatchObject({ account: '**** 0128', bankName: 'ICBC', isDefault: true });
    expect((await tradeOf()).cashAccounts.map((a) => [a.id, a.isDefault])).toEqual([
      [card.data.id, true],
      [alipay.data.id, false],
    ]);
    const rows = await t.db.select().from(tradeCashAccounts).where(eq(tradeCashAccounts.userId, userId));
    expect(JSON.stringify(rows)).not.toContain('6222021234567890128');

    expect((await call(calls.trade.setDefCashAccount, { id: alipay.data.id })).code).toBe(Code.ok);
    expect((await tradeOf()).cashAccounts[0]).toMatchObject({ id: alipay.data.id, isDefault: true });

    // deleting the default makes the remaining one the default
    expect((await call(calls.trade.deleteCashAccount, { id: alipay.data.id })).code).toBe(Code.ok);
    expect((await tradeOf()).cashAccounts).toMatchObject([{ id: card.data.id, isDefault: true }]);
    expect((await call(calls.trade.deleteCashAccount, { id: alipay.data.id })).code).toBe(Code.tradeEntryNotFound);
    expect((await call(calls.trade.setDefCashAccount, { id: alipay.data.id })).code).toBe(Code.tradeEntryNotFound);
  });

  it('locks after 5 wrong tries in a row, for 15 minutes (clock injected)', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    const trade = tradeService(() => clock);
    const c = { userId, clientType: 'gs_trade_pc', ip: '127.0.0.1', requestId: 'r' };
    const codeOf = (password: string) =>
      trade.checkCashPassword(c, password).then(
        () => Code.ok,
        (e: { code: string }) => e.code,
      );
    for (let i = 1; i <= 4; i++) expect(await codeOf('000000'), `try ${i}`).toBe(Code.cashPasswordWrong);
    expect(await codeOf('000000')).toBe(Code.cashPasswordLocked);
    // while locked, even the right password is refused
    expect(await codeOf('246800')).toBe(Code.cashPasswordLocked);
    clock = new Date(clock.getTime() + 14 * 60_000 + 59_000);
    expect(await codeOf('246800')).toBe(Code.cashPasswordLocked);
    clock = new Date(clock.getTime() + 1000);
    expect(await codeOf('246800')).toBe(Code.ok);
    // a right password resets the count
    for (let i = 1; i <= 4; i++) await codeOf('000000');
    expect(await codeOf('246800')).toBe(Code.ok);
    expect(await codeOf('000000')).toBe(Code.cashPasswordWrong);
    expect(await codeOf('246800')).toBe(Code.ok);
  });

  it('checks at most 5 of 16 parallel wrong guesses, then refuses the right one', async () => {
    // the service itself: the call's own rate limit would refuse part of the burst before it
    const trade = tradeService();
    const c = { userId, clientType: 'gs_trade_pc', ip: '127.0.0.1', requestId: 'r' };
    const codeOf = (password: string) =>
      trade.checkCashPassword(c, password).then(
        () => Code.ok,
        (e: { code: string }) => e.code,
      );
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => codeOf(`00000${i % 10}`)));
    const checked = answers.filter((code) => code !== Code.cashPasswordLocked);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(4);
    expect(checked.every((code) => code === Code.cashPasswordWrong)).toBe(true);
    // the fifth check locked: the right password is refused unchecked
    expect(await codeOf('246800')).toBe(Code.cashPasswordLocked);
    await t.db
      .update(tradeProfiles)
      .set({ cashFailures: 0, cashLockedUntil: null })
      .where(eq(tradeProfiles.userId, userId));
  });

  it('answers the lock through the call too, and logs it', async () => {
    for (let i = 0; i < 4; i++) await call(calls.trade.checkCashPassword, { password: '000000' });
    const locked = await call(calls.trade.checkCashPassword, { password: '000000' });
    expect(locked.code).toBe(Code.cashPasswordLocked);
    expect((await call(calls.trade.checkCashPassword, { password: '246800' })).code).toBe(Code.cashPasswordLocked);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.event, 'trade.cashPasswordLocked'));
    expect(log.length).toBeGreaterThanOrEqual(1);
  });
});

describe('account deletion', () => {
  it('forgets every trade row of the user', async () => {
    const trade = tradeService();
    await t.db.transaction((tx) => trade.forgetUser(userId, tx));
    expect(await t.db.select().from(tradeProfiles).where(eq(tradeProfiles.userId, userId))).toEqual([]);
    expect(await trade.account(userId)).toMatchObject({ identity: null, jobs: [], cashAccounts: [] });
  });
});
