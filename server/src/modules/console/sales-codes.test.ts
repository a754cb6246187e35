/**
 * The console's redeem-code batches (docs/operations.md#redeem-code-batches) through the HTTP
 * surface: issuing a batch (the `codes generate` machinery), the list with its states, the CSV,
 * voiding one code or a whole batch (state abolished; redeemed codes stay), a code's history —
 * sales and admin allowed, support and finance refused with 2500004 and nothing changed; bad
 * input answers a catalogue code; each change writes its staff audit row in its transaction.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callFrom, commerceAppForTests, createAccount } from '../../../test/commerce-fixtures.ts';
import { consoleStaffForTests } from '../../../test/console-client.ts';
import { redeemCodeBatches, redeemCodes } from '../../db/schema/index.ts';

const { t } = commerceAppForTests();
const { staff, signedIn, auditRows } = consoleStaffForTests(t, 'sk');

const codesOf = (batchId: string) =>
  t.db.select().from(redeemCodes).where(eq(redeemCodes.batchId, batchId)).orderBy(redeemCodes.serialNo);
const BATCH = {
  goodsCode: 'ML2',
  durationDays: 30,
  quantity: 3,
  source: 'activityAward',
  validDays: 90,
  reason: 'trade fair 2026',
};

describe('console redeem-code batches', () => {
  it('sales and admin issue a batch, list it with its states and download its codes as CSV; audited', async () => {
    for (const role of ['sales', 'admin'] as const) {
      const browser = await signedIn(role);
      const created = await browser.call(cc.codes.createBatch, BATCH);
      expect(created.status).toBe(200);
      const batch = created.body.batch;
      expect(batch).toMatchObject({
        goodsCode: 'ML2',
        durationDays: 30,
        quantity: 3,
        source: 'activityAward',
        kind: 'personal',
        issuedBy: staff[role],
        abolishedAt: null,
        states: { unused: 3 },
      });
      expect(Date.parse(batch.validTo) - Date.parse(batch.validFrom)).toBe(90 * 86_400_000);
      const list = await browser.call(cc.codes.batches, { pageSize: 100 });
      expect(list.body.rows.find((b: { id: string }) => b.id === batch.id)).toMatchObject({ states: { unused: 3 } });
      const file = await browser.call(cc.codes.exportBatch, { batchId: batch.id });
      expect(file.status).toBe(200);
      expect(String(file.headers['content-type'])).toContain('text/csv');
      const lines = String(file.body).trim().split('\r\n');
      expect(lines[0]).toBe('serialNo,code,goodsCode,kind,days,source,validFrom,validTo,state');
      const codes = await codesOf(batch.id);
      expect(lines.slice(1).map((l) => l.split(',')[1]?.replace(/"/g, ''))).toEqual(codes.map((c) => c.code));
      expect(await auditRows('redeem.createBatch', batch.id)).toMatchObject([
        { staffEmail: staff[role], reason: 'trade fair 2026', after: { quantity: 3, goodsCode: 'ML2' } },
      ]);
    }
  });

  it('voids one code and then the batch: unused codes become abolished, a redeemed one stays; the history tells it', async () => {
    const sales = await signedIn('sales');
    const batch = (await sales.call(cc.codes.createBatch, BATCH)).body.batch;
    const [first, second, third] = await codesOf(batch.id);
    const member = await createAccount(t);
    const redeemed = await callFrom(t, calls.redeem.exchange, { code: first!.code }, member.token, member.ip);
    expect(redeemed.code).toBe(Code.ok);

    const one = await sales.call(cc.codes.abolishCode, { code: second!.code.toLowerCase(), reason: 'leaked online' });
    expect(one).toMatchObject({ status: 200, body: { code: { serialNo: second!.serialNo, state: 'abolished' } } });
    expect((await sales.call(cc.codes.abolishCode, { code: second!.code, reason: 'again' })).body.code).toBe(
      Code.redeemCodeTransitionRefused,
    );
    expect((await sales.call(cc.codes.abolishCode, { code: first!.code, reason: 'used' })).body.code).toBe(
      Code.redeemCodeTransitionRefused,
    );

    const all = await sales.call(cc.codes.abolishBatch, { batchId: batch.id, reason: 'fair cancelled' });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ abolished: 1, batch: { states: { exchanged: 1, abolished: 2 } } });
    expect(all.body.batch.abolishedAt).toBeTruthy();
    expect((await codesOf(batch.id)).map((c) => c.state)).toEqual(['exchanged', 'abolished', 'abolished']);
    expect(await sales.call(cc.codes.abolishBatch, { batchId: batch.id, reason: 'twice' })).toMatchObject({
      status: 409,
      body: { code: Code.redeemBatchAbolished },
    });
    // an abolished code cannot be redeemed
    const refused = await callFrom(t, calls.redeem.exchange, { code: third!.code }, member.token, member.ip);
    expect(refused.code).toBe(Code.redeemCodeVoid);

    const history = await sales.call(cc.codes.history, { code: second!.code });
    expect(history.body.code).toMatchObject({ state: 'abolished', batchId: batch.id });
    expect(history.body.events.map((e: { what: string }) => e.what)).toEqual([
      'issued',
      'redeem.createBatch',
      'redeem.abolishCode',
      'redeem.abolishBatch',
    ]);
    expect(history.body.events[2]).toMatchObject({ by: staff.sales, detail: 'leaked online' });
    const used = await sales.call(cc.codes.history, { code: first!.code });
    expect(used.body.events.map((e: { what: string }) => e.what)).toContain('redeemed');
    expect(await auditRows('redeem.abolishCode', second!.serialNo)).toMatchObject([
      { before: { state: 'unused' }, after: { state: 'abolished' }, reason: 'leaked online' },
    ]);
    expect(await auditRows('redeem.abolishBatch', batch.id)).toMatchObject([
      { after: { abolished: 1 }, reason: 'fair cancelled' },
    ]);
  });

  it('support and finance are refused every batch call, and nothing changes', async () => {
    const sales = await signedIn('sales');
    const batch = (await sales.call(cc.codes.createBatch, BATCH)).body.batch;
    const [code] = await codesOf(batch.id);
    for (const role of ['support', 'finance'] as const) {
      const browser = await signedIn(role);
      const tries = await Promise.all([
        browser.call(cc.codes.batches, {}),
        browser.call(cc.codes.createBatch, { ...BATCH, reason: `refused ${role}` }),
        browser.call(cc.codes.exportBatch, { batchId: batch.id }),
        browser.call(cc.codes.abolishBatch, { batchId: batch.id, reason: 'not mine' }),
        browser.call(cc.codes.abolishCode, { code: code!.code, reason: 'not mine' }),
        browser.call(cc.codes.history, { code: code!.code }),
      ]);
      for (const res of tries) expect(res).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
    }
    expect((await codesOf(batch.id)).map((c) => c.state)).toEqual(['unused', 'unused', 'unused']);
    const [row] = await t.db.select().from(redeemCodeBatches).where(eq(redeemCodeBatches.id, batch.id));
    expect(row?.abolishedAt).toBeNull();
  });

  it('answers bad input with catalogue codes, never a 500', async () => {
    const sales = await signedIn('sales');
    for (const payload of [
      { ...BATCH, goodsCode: 'NOPE' },
      { ...BATCH, quantity: 0 },
      { ...BATCH, quantity: 10_001 },
      { ...BATCH, durationDays: 0 },
      { ...BATCH, source: 'lottery' },
      { ...BATCH, validDays: 0 },
      { ...BATCH, kind: 'family' },
      { ...BATCH, reason: '' },
    ]) {
      expect(await sales.call(cc.codes.createBatch, payload)).toMatchObject({
        status: 400,
        body: { code: Code.invalidParam },
      });
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await sales.call(cc.codes.exportBatch, { batchId: unknown })).toMatchObject({
      status: 404,
      body: { code: Code.redeemBatchNotFound },
    });
    expect(await sales.call(cc.codes.abolishBatch, { batchId: unknown, reason: 'nothing' })).toMatchObject({
      status: 404,
      body: { code: Code.redeemBatchNotFound },
    });
    expect((await sales.call(cc.codes.history, { code: 'NOSUCHCODE1' })).body.code).toBe(Code.redeemCodeInvalid);
    expect((await sales.call(cc.codes.abolishCode, { code: 'NOSUCHCODE1', reason: 'none' })).body.code).toBe(
      Code.redeemCodeInvalid,
    );
    expect(await sales.call(cc.codes.exportBatch, { batchId: 'x' })).toMatchObject({
      status: 400,
      body: { code: Code.invalidParam },
    });
  });
});
