import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderRow, TRedeemExchangeResponse, TRedeemPreviewResponse } from '@ac/protocol/commerce';
import { REDEEM_CODE_ALPHABET } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, callFrom, commerceAppForTests, createAccount } from '../../../test/commerce-fixtures.ts';
import { memberships, redeemCodes } from '../../db/schema/index.ts';
import { addMs, DAY } from '../../lib/time.ts';
import type { IssueRequest } from './redeem-issue.service.ts';

const { t, services: commerce } = commerceAppForTests();

const issue = async (req: Partial<IssueRequest> = {}) =>
  (await commerce.redeemIssue.issue({ goodsCode: 'ML2', count: 1, days: 30, source: 'systemRelease', ...req }))[0]!;
const preview = (who: Account, code: string) =>
  callFrom<TRedeemPreviewResponse>(t, calls.redeem.preview, { code }, who.token, who.ip);
const exchange = (who: Account, code: string) =>
  callFrom<TRedeemExchangeResponse>(t, calls.redeem.exchange, { code }, who.token, who.ip);

describe('issued codes', () => {
  it('are 18 symbols of the 32-symbol alphabet in groups, with distinct serial numbers', async () => {
    const rows = await commerce.redeemIssue.issue({ goodsCode: 'ML1', count: 200, days: 30, source: 'freeGift' });
    expect(rows).toHaveLength(200);
    for (const r of rows) {
      expect(r.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}$/);
      expect([...r.code.replace(/-/g, '')].every((c) => REDEEM_CODE_ALPHABET.includes(c))).toBe(true);
    }
    expect(new Set(rows.map((r) => r.serialNo)).size).toBe(200);
    expect(REDEEM_CODE_ALPHABET).toHaveLength(32);
    expect(REDEEM_CODE_ALPHABET).not.toMatch(/[01OI]/);
  });
});

describe('redeem/preview and redeem/exchange', () => {
  it('previews the confirmation dialog, then grants once and answers the new membership', async () => {
    const who = await createAccount(t);
    const code = await issue({ days: 30 });
    await t.db
      .update(redeemCodes)
      .set({ extraDurationDays: 5, licenseQty: 2 })
      .where(eq(redeemCodes.serialNo, code.serialNo));
    const p = await preview(who, code.code);
    expect(p.data).toMatchObject({
      goodsCode: 'ML2',
      goodsName: 'Viewer Premium',
      licenseQty: 2,
      externalCollabQty: 0,
      extraLicenseQty: 0,
      extraExternalCollabQty: 0,
      extraDuration: 5,
      activationDuration: 30,
    });
    const res = await exchange(who, code.code);
    expect(res.code).toBe(Code.ok);
    expect(res.data.vipInfo).toMatchObject({ goodsCode: 'ML2', name: 'Viewer Premium', accountType: 'premium' });
    const span = Date.parse(res.data.vipInfo.endTime) - Date.parse(res.data.vipInfo.startTime);
    expect(span).toBe(35 * DAY);
    const [row] = await t.db.select().from(redeemCodes).where(eq(redeemCodes.serialNo, code.serialNo));
    expect(row).toMatchObject({ state: 'exchanged', redeemedBy: who.userId, redeemAccount: who.email });
    const list = await t.client.call<TList<TOrderRow>>(calls.orders.list, {}, { token: who.token });
    expect(list.data.rows).toEqual([
      expect.objectContaining({
        orderType: 'exchange',
        status: 1,
        goodsCode: 'ML2',
        orderAmount: { amount: 0, currency: 'USD' },
      }),
    ]);
    expect((await exchange(who, code.code)).code).toBe(Code.redeemCodeUsed);
  });

  it('matches codes in any case, without dashes or with spaces', async () => {
    const who = await createAccount(t);
    const code = await issue();
    const messy = ` ${code.code.toLowerCase().replace(/-/g, ' ')} `;
    expect((await preview(who, messy)).code).toBe(Code.ok);
    expect((await exchange(who, code.code.replace(/-/g, ''))).code).toBe(Code.ok);
  });

  it('extends a live membership of the same goods from its current end', async () => {
    const who = await createAccount(t);
    const first = await exchange(who, (await issue({ days: 30 })).code);
    const second = await exchange(who, (await issue({ days: 10 })).code);
    expect(second.data.vipInfo.startTime).toBe(first.data.vipInfo.startTime);
    expect(Date.parse(second.data.vipInfo.endTime) - Date.parse(first.data.vipInfo.endTime)).toBe(10 * DAY);
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, who.userId))).toHaveLength(2);
  });

  it.each([
    ['an unknown code', Code.redeemCodeInvalid, null],
    ['a void code', Code.redeemCodeVoid, 'void'],
    ['an abolished code', Code.redeemCodeVoid, 'abolished'],
    ['an expired code', Code.redeemCodeOutOfValidity, 'expired'],
    ['a pre-occupied code', Code.redeemCodeReserved, 'preOccupied'],
  ] as const)('refuses %s and changes nothing', async (_name, code, state) => {
    const who = await createAccount(t);
    let text = 'ABCD-EFGH-JKLM-NPQR-ST';
    if (state) {
      text = (await issue()).code;
      await t.db.update(redeemCodes).set({ state }).where(eq(redeemCodes.code, text));
    }
    expect((await preview(who, text)).code).toBe(code);
    expect((await exchange(who, text)).code).toBe(code);
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, who.userId))).toHaveLength(0);
  });

  it('refuses a code outside its validity period', async () => {
    const who = await createAccount(t);
    const late = await issue();
    await t.db
      .update(redeemCodes)
      .set({ validTo: addMs(new Date(), -1000) })
      .where(eq(redeemCodes.serialNo, late.serialNo));
    expect((await exchange(who, late.code)).code).toBe(Code.redeemCodeOutOfValidity);
    const early = await issue();
    await t.db
      .update(redeemCodes)
      .set({ validFrom: addMs(new Date(), DAY) })
      .where(eq(redeemCodes.serialNo, early.serialNo));
    expect((await exchange(who, early.code)).code).toBe(Code.redeemCodeOutOfValidity);
  });

  it('refuses company-management codes to personal accounts and accepts them from company members', async () => {
    const personal = await createAccount(t);
    const member = await createAccount(t, { company: true });
    const code = await issue({ kind: 'company' });
    const refused = await exchange(personal, code.code);
    expect(refused.code).toBe(Code.redeemCompanyCode);
    expect(refused.msg).toMatch(/Company-management/);
    expect((await exchange(member, code.code)).code).toBe(Code.ok);
  });

  it('lets a member redeem only codes of their current level within the same product', async () => {
    const who = await createAccount(t);
    await exchange(who, (await issue({ goodsCode: 'ML2' })).code);
    expect((await exchange(who, (await issue({ goodsCode: 'ML3' })).code)).code).toBe(Code.redeemLevelMismatch);
    expect((await exchange(who, (await issue({ goodsCode: 'ML2' })).code)).code).toBe(Code.ok);
    expect((await exchange(who, (await issue({ goodsCode: 'ML_S1' })).code)).code).toBe(Code.ok);
  });

  it('throttles an account after 10 failed attempts in 15 minutes, even for a good code', async () => {
    const who = await createAccount(t);
    for (let i = 0; i < 10; i++) expect((await exchange(who, `WRONG-CODE-${i}`)).code).toBe(Code.redeemCodeInvalid);
    const good = await issue();
    expect((await exchange(who, good.code)).code).toBe(Code.tooManyRequests);
    expect((await preview(who, good.code)).code).toBe(Code.tooManyRequests);
    const fresh = await createAccount(t);
    expect((await exchange(fresh, good.code)).code).toBe(Code.ok);
  });

  it('refuses an empty code by its schema and a missing session', async () => {
    const who = await createAccount(t);
    expect((await exchange(who, ' - ')).code).toBe(Code.invalidParam);
    expect((await t.client.call(calls.redeem.exchange, { code: 'X' })).code).toBe(Code.sessionExpired);
  });
});

describe('codes void (admin)', () => {
  it('voids an unused code once; a used code cannot be voided', async () => {
    const code = await issue();
    expect((await commerce.redeemIssue.voidCode(code.code.toLowerCase())).state).toBe('void');
    await expect(commerce.redeemIssue.voidCode(code.code)).rejects.toMatchObject({
      code: Code.redeemCodeTransitionRefused,
    });
    await expect(commerce.redeemIssue.voidCode('NOT-A-CODE')).rejects.toMatchObject({ code: Code.redeemCodeInvalid });
  });
});
