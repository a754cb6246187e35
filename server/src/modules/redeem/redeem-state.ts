/**
 * The redeem-code state machine (docs/product.md#states: exchanged, unused, expired, void;
 * extra states preOccupied, abolished and refundHeld). Every change goes through
 * `assertCodeTransition` and a conditional UPDATE … WHERE state = <from>.
 */
import { Code } from '@ac/protocol/codes';
import type { TRedeemState } from '@ac/protocol/enums';
import { AppError } from '../../lib/app-error.ts';

export const REDEEM_TRANSITIONS: Readonly<Record<TRedeemState, readonly TRedeemState[]>> = {
  // free to redeem; may be reserved by an order, voided, withdrawn, or run out of validity
  unused: ['exchanged', 'preOccupied', 'void', 'abolished', 'expired', 'refundHeld'],
  // reserved by a pending redeem order: released, voided, withdrawn or run out
  preOccupied: ['unused', 'void', 'abolished', 'expired'],
  // a bought code held while a refund of its order is asked: voided when the gateway confirms, released when it fails
  refundHeld: ['void', 'unused'],
  // terminal
  exchanged: [],
  expired: [],
  void: [],
  abolished: [],
};

export function canCodeTransition(from: TRedeemState, to: TRedeemState): boolean {
  return REDEEM_TRANSITIONS[from].includes(to);
}

export function assertCodeTransition(from: TRedeemState, to: TRedeemState): void {
  if (!canCodeTransition(from, to)) {
    throw new AppError(Code.redeemCodeTransitionRefused, undefined, { from, to });
  }
}

/** Why a code in `state` cannot be exchanged, as the catalogue code the user sees. */
export function exchangeRefusal(state: TRedeemState) {
  switch (state) {
    case 'unused':
      return undefined;
    case 'exchanged':
      return Code.redeemCodeUsed;
    case 'expired':
      return Code.redeemCodeOutOfValidity;
    case 'void':
    case 'abolished':
      return Code.redeemCodeVoid;
    case 'preOccupied':
      return Code.redeemCodeReserved;
    case 'refundHeld':
      return Code.redeemCodeRefundPending;
  }
}
