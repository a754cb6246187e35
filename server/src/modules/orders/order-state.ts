/**
 * The order state machine (docs/product.md#states statuses 0–8). Every status change goes
 * through `assertTransition` and is written with a conditional UPDATE …
 * WHERE status = <from>, so two concurrent requests can never both move
 * the same order.
 */
import { Code } from '@ac/protocol/codes';
import { orderStatusName, OrderStatus as S, type TOrderDetailState, type TOrderStatus } from '@ac/protocol/enums';
import { AppError } from '../../lib/app-error.ts';

/** Every legal transition: from → the statuses it may move to. */
export const ORDER_TRANSITIONS: Readonly<Record<TOrderStatus, readonly TOrderStatus[]>> = {
  // created, nothing paid: start a payment, be paid, cancelled, or failed by the gateway
  [S.unpaid]: [S.unconfirmed, S.paid, S.cancelled, S.payFailed],
  // a payment was started and is not confirmed yet: no cancelling, the money may be on its way
  [S.unconfirmed]: [S.paid, S.payFailed],
  // the gateway reported a failure: the user may pay again, a late success arrives, or it expires
  // unpaid holding a coupon (order-coupon.ts; the user cannot cancel it)
  [S.payFailed]: [S.unconfirmed, S.paid, S.cancelled],
  // paid: the service runs out, is refunded (fully or partly) or converted
  [S.paid]: [S.expired, S.refunded, S.partiallyRefunded, S.conversionDue],
  [S.partiallyRefunded]: [S.partiallyRefunded, S.refunded, S.expired],
  // a change of plan scheduled for the period end (docs/product.md#renewing-memberships): it runs
  // out, is refunded, or the change is dropped (back to paid)
  [S.conversionDue]: [S.paid, S.expired, S.refunded, S.partiallyRefunded],
  // cancelled: terminal, except that a payment that arrived after the cancel is refunded (a refund due)
  [S.cancelled]: [S.refunded],
  // terminal
  [S.expired]: [],
  [S.refunded]: [],
};

/**
 * Statuses a user may cancel (docs/product.md#states: "only some orders can be cancelled"): unpaid only. Once a
 * payment is under way (6) the gateway may still report it paid; a paid report for an order
 * cancelled before is recorded as a refund due (payment-apply.ts), never dropped.
 */
export const CANCELLABLE: readonly TOrderStatus[] = [S.unpaid];
/** Statuses a payment may be started from. */
export const PAYABLE: readonly TOrderStatus[] = [S.unpaid, S.unconfirmed, S.payFailed];
/** Statuses in which the money was received (pay-state 1). */
export const PAID_STATUSES: readonly TOrderStatus[] = [
  S.paid,
  S.expired,
  S.refunded,
  S.partiallyRefunded,
  S.conversionDue,
];

export function canTransition(from: TOrderStatus, to: TOrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function assertTransition(from: TOrderStatus, to: TOrderStatus): void {
  if (!canTransition(from, to)) {
    throw new AppError(Code.orderTransitionRefused, undefined, {
      from: orderStatusName[from],
      to: orderStatusName[to],
    });
  }
}

export function payStateOf(status: TOrderStatus): 0 | 1 {
  return PAID_STATUSES.includes(status) ? 1 : 0;
}

/** The detail state of docs/product.md#states, derived from the status and the service period. */
export function detailStateOf(status: TOrderStatus, endDate: Date | null, now: Date): TOrderDetailState {
  switch (status) {
    case S.unpaid:
    case S.unconfirmed:
      return 'pending';
    case S.payFailed:
      return 'purchaseFailed';
    case S.cancelled:
    case S.refunded:
      return 'cancelled';
    case S.expired:
      return 'expired';
    case S.paid:
    case S.partiallyRefunded:
    case S.conversionDue:
      return endDate && endDate <= now ? 'expired' : 'active';
  }
}
