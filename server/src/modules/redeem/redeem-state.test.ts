import { Code } from '@ac/protocol/codes';
import { REDEEM_STATES, type TRedeemState } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appErrorOf } from '../../../test/app-errors.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { redeemCodes } from '../../db/schema/index.ts';
import { addMs, DAY } from '../../lib/time.ts';
import { createRedeemRepo } from './redeem.repo.ts';
import { generateRedeemCode, newSerialNo } from './redeem-code.ts';
import { assertCodeTransition, canCodeTransition, exchangeRefusal, REDEEM_TRANSITIONS } from './redeem-state.ts';

/** The legal changes, written out once more by hand. */
const LEGAL = new Set([
  'unused->exchanged',
  'unused->preOccupied',
  'unused->void',
  'unused->abolished',
  'unused->expired',
  'preOccupied->unused',
  'preOccupied->void',
  'preOccupied->abolished',
  'preOccupied->expired',
  'unused->refundHeld',
  'refundHeld->void',
  'refundHeld->unused',
]);
const all = REDEEM_STATES.flatMap((from) => REDEEM_STATES.map((to) => [from, to] as const));

const t = testAppForTests();

async function codeIn(state: TRedeemState) {
  const now = new Date();
  const [row] = await t.db
    .insert(redeemCodes)
    .values({
      serialNo: newSerialNo(now),
      code: generateRedeemCode(),
      goodsCode: 'ML1',
      state,
      source: 'systemRelease',
      durationDays: 30,
      validFrom: now,
      validTo: addMs(now, DAY),
    })
    .returning();
  return row!;
}

describe('redeem code state machine', () => {
  it('lists exactly the legal transitions', () => {
    const listed = Object.entries(REDEEM_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from}->${to}`));
    expect(new Set(listed)).toEqual(LEGAL);
  });

  it.each(all.filter(([f, to]) => LEGAL.has(`${f}->${to}`)))('allows %s → %s, once', async (from, to) => {
    expect(canCodeTransition(from, to)).toBe(true);
    assertCodeTransition(from, to);
    const code = await codeIn(from);
    const repo = createRedeemRepo(t.db);
    expect((await repo.moveState(code.serialNo, from, to))?.state).toBe(to);
    expect(await repo.moveState(code.serialNo, from, to)).toBeNull();
    const [row] = await t.db.select().from(redeemCodes).where(eq(redeemCodes.serialNo, code.serialNo));
    expect(row?.state).toBe(to);
  });

  it.each(all.filter(([f, to]) => !LEGAL.has(`${f}->${to}`)))('refuses %s → %s with 2000027', (from, to) => {
    expect(canCodeTransition(from, to)).toBe(false);
    expect(appErrorOf(() => assertCodeTransition(from, to)).code).toBe(Code.redeemCodeTransitionRefused);
  });

  it('names why each state cannot be exchanged', () => {
    expect(REDEEM_STATES.map(exchangeRefusal)).toEqual([
      Code.redeemCodeUsed,
      undefined,
      Code.redeemCodeOutOfValidity,
      Code.redeemCodeVoid,
      Code.redeemCodeReserved,
      Code.redeemCodeVoid,
      Code.redeemCodeRefundPending,
    ]);
  });
});
