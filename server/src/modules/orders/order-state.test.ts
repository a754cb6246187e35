import { Code } from '@ac/protocol/codes';
import { ORDER_STATUSES, OrderStatus as S, type TOrderStatus } from '@ac/protocol/enums';
import { describe, expect, it } from 'vitest';
import { appErrorOf } from '../../../test/app-errors.ts';
import { addMs, DAY } from '../../lib/time.ts';
import {
  assertTransition,
  CANCELLABLE,
  canTransition,
  detailStateOf,
  ORDER_TRANSITIONS,
  PAYABLE,
  payStateOf,
} from './order-state.ts';

/** The transitions docs/product.md#states and docs/protocol.md#data-rules allow, written out once more by hand. */
const LEGAL: [TOrderStatus, TOrderStatus][] = [
  [S.unpaid, S.unconfirmed],
  [S.unpaid, S.paid],
  [S.unpaid, S.cancelled],
  [S.unpaid, S.payFailed],
  [S.unconfirmed, S.paid],
  [S.unconfirmed, S.payFailed],
  [S.payFailed, S.unconfirmed],
  [S.payFailed, S.paid],
  [S.payFailed, S.cancelled],
  [S.paid, S.expired],
  [S.paid, S.refunded],
  [S.paid, S.partiallyRefunded],
  [S.paid, S.conversionDue],
  [S.partiallyRefunded, S.partiallyRefunded],
  [S.partiallyRefunded, S.refunded],
  [S.partiallyRefunded, S.expired],
  // a scheduled change of a renewing plan dropped (docs/product.md#renewing-memberships)
  [S.conversionDue, S.paid],
  [S.conversionDue, S.expired],
  [S.conversionDue, S.refunded],
  [S.conversionDue, S.partiallyRefunded],
  [S.cancelled, S.refunded],
];
const key = (from: number, to: number) => `${from}->${to}`;
const legal = new Set(LEGAL.map(([f, t]) => key(f, t)));
const all = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe('order state machine', () => {
  it('lists exactly the legal transitions', () => {
    const listed = Object.entries(ORDER_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => key(+from, to)));
    expect(new Set(listed)).toEqual(legal);
  });

  it.each(all.filter(([f, t]) => legal.has(key(f, t))))('allows %i → %i', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it.each(all.filter(([f, t]) => !legal.has(key(f, t))))('refuses %i → %i with 2000005', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(appErrorOf(() => assertTransition(from, to)).code).toBe(Code.orderTransitionRefused);
  });

  it('keeps cancelling to 0 (not 6: a payment is under way), paying to 0, 6 and 4, and terminal states terminal', () => {
    expect(CANCELLABLE).toEqual([S.unpaid]);
    expect(PAYABLE).toEqual([S.unpaid, S.unconfirmed, S.payFailed]);
    for (const s of CANCELLABLE) expect(canTransition(s, S.cancelled)).toBe(true);
    for (const s of PAYABLE) expect(canTransition(s, S.paid)).toBe(true);
    for (const s of [S.refunded, S.expired]) expect(ORDER_TRANSITIONS[s]).toEqual([]);
    // a cancelled order only ever moves to refunded: a payment that arrived after the cancel
    expect(ORDER_TRANSITIONS[S.cancelled]).toEqual([S.refunded]);
  });

  it('derives the pay state and the detail state of docs/product.md#states', () => {
    const now = new Date();
    expect(ORDER_STATUSES.map(payStateOf)).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 1]);
    expect(detailStateOf(S.unpaid, null, now)).toBe('pending');
    expect(detailStateOf(S.unconfirmed, null, now)).toBe('pending');
    expect(detailStateOf(S.payFailed, null, now)).toBe('purchaseFailed');
    expect(detailStateOf(S.cancelled, null, now)).toBe('cancelled');
    expect(detailStateOf(S.refunded, null, now)).toBe('cancelled');
    expect(detailStateOf(S.expired, null, now)).toBe('expired');
    expect(detailStateOf(S.paid, addMs(now, DAY), now)).toBe('active');
    expect(detailStateOf(S.paid, addMs(now, -DAY), now)).toBe('expired');
    expect(detailStateOf(S.partiallyRefunded, addMs(now, DAY), now)).toBe('active');
  });
});
