/**
 * The codes of a `redeemCodes` order (docs/decisions/0027-buying-redeem-codes.md), each step in
 * the caller's transaction under the order's row lock: issued when its payment is applied (the
 * same transaction that moves the order to paid, so a repeated report finds it paid and issues
 * nothing), held while a refund is asked of the gateway and voided when it is refunded (the
 * refunded share of the codes, unused ones only; docs/decisions/0037-commerce-review-findings.md).
 */
import { Code } from '@ac/protocol/codes';
import type { DbOrTx } from '../../db/client.ts';
import type { orders, redeemCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMs, DAY } from '../../lib/time.ts';
import { createRedeemRepo, type RedeemCodeRow } from './redeem.repo.ts';
import { generateRedeemCode, newSerialNo } from './redeem-code.ts';
import { assertCodeTransition } from './redeem-state.ts';

type Order = typeof orders.$inferSelect;

/** How long a bought code can be redeemed, from its issue. */
export const BOUGHT_CODE_VALID_DAYS = 365;
const MAX_ROUNDS = 20;

export const isRedeemCodeOrder = (o: Pick<Order, 'orderType'>) => o.orderType === 'redeemCodes';

/** Issues the order's `quantity` codes (source paidPurchase, held by the buyer, tied to the order). */
export async function issueOrderCodes(tx: DbOrTx, order: Order, at: Date): Promise<RedeemCodeRow[]> {
  if (!order.codeDays) throw new Error(`redeem-code order ${order.orderNo} has no code duration`);
  const repo = createRedeemRepo(tx);
  const row = (): typeof redeemCodes.$inferInsert => ({
    serialNo: newSerialNo(at),
    code: generateRedeemCode(),
    goodsCode: order.goodsCode,
    kind: 'personal',
    state: 'unused',
    source: 'paidPurchase',
    durationDays: order.codeDays!,
    validFrom: at,
    validTo: addMs(at, BOUGHT_CODE_VALID_DAYS * DAY),
    ownerUserId: order.userId,
    redeemOrderNo: order.orderNo,
    createdAt: at,
  });
  const issued: RedeemCodeRow[] = [];
  for (let round = 0; issued.length < order.quantity; round++) {
    if (round >= MAX_ROUNDS) throw new Error('could not draw unique redeem codes');
    const want = order.quantity - issued.length;
    issued.push(...(await repo.insertCodes(Array.from({ length: want }, row))));
  }
  return issued;
}

/** How many codes a refunded total stands for: the refunded share of the paid amount, rounded down. */
export function codesRefunded(order: Pick<Order, 'quantity' | 'payAmount'>, refundedTotal: number): number {
  if (order.payAmount <= 0) return order.quantity;
  return Math.min(order.quantity, Math.floor((refundedTotal * order.quantity) / order.payAmount));
}

/** How many more codes a refund of `value` voids, and how many unused codes are there to void. */
async function voidPlan(tx: DbOrTx, order: Order, value: number) {
  const repo = createRedeemRepo(tx);
  const target = codesRefunded(order, order.refundAmount + value);
  const voided = await repo.countOrderCodes(order.orderNo, ['void']);
  return { repo, want: Math.max(0, target - voided) };
}

/** A refund of `value` recorded at once must not void more codes than are still unused or held (2400006). */
export async function assertRefundableCodes(tx: DbOrTx, order: Order, value: number): Promise<void> {
  if (!isRedeemCodeOrder(order)) return;
  const { repo, want } = await voidPlan(tx, order, value);
  if (want > (await repo.countOrderCodes(order.orderNo, ['unused', 'preOccupied', 'refundHeld']))) {
    throw new AppError(Code.redeemRefundBeyondUnused);
  }
}

/**
 * Voids the codes a refund of `value` stands for: those held for it first, then unused (or
 * reserved) ones, those never handed over first; a redeemed code is never voided. Answers how
 * many were voided.
 */
export async function voidRefundedCodes(tx: DbOrTx, order: Order, value: number): Promise<number> {
  const { repo, want } = await voidPlan(tx, order, value);
  if (want === 0) return 0;
  let voided = 0;
  for (const code of await repo.orderCodesIn(order.orderNo, ['refundHeld', 'unused', 'preOccupied'], want)) {
    assertCodeTransition(code.state, 'void');
    if (await repo.moveState(code.serialNo, code.state, 'void')) voided++;
  }
  return voided;
}

/**
 * Holds the codes the refunds asked of a gateway and not yet answered (`asked`, minor units)
 * stand for, so none of them can be redeemed meanwhile: the order's refunded share plus `asked`,
 * less the codes already void, are `refundHeld`; unused codes are held when more are needed, held
 * ones released (unused again) when fewer are. Runs under the order's row lock after each change
 * of its refunds; the code rows are locked, so a redeem in parallel either took the code first
 * (it is not held) or finds it held. Answers how many codes it could not hold (none were unused).
 */
export async function holdRefundingCodes(tx: DbOrTx, order: Order, asked: number): Promise<number> {
  if (!isRedeemCodeOrder(order)) return 0;
  const repo = createRedeemRepo(tx);
  const voided = await repo.countOrderCodes(order.orderNo, ['void']);
  const target = Math.max(0, codesRefunded(order, order.refundAmount + asked) - voided);
  const held = await repo.orderCodesIn(order.orderNo, ['refundHeld'], order.quantity);
  for (const code of held.slice(target)) {
    assertCodeTransition(code.state, 'unused');
    await repo.moveState(code.serialNo, 'refundHeld', 'unused');
  }
  if (held.length >= target) return 0;
  let missing = target - held.length;
  for (const code of await repo.orderCodesIn(order.orderNo, ['unused'], missing)) {
    assertCodeTransition(code.state, 'refundHeld');
    if (await repo.moveState(code.serialNo, 'unused', 'refundHeld')) missing--;
  }
  return missing;
}
