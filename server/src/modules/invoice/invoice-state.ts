/**
 * The invoice state machine (SPEC §3's six statuses; docs/decisions/0009-invoices.md).
 * `notInvoiced` is where an order stands while it is on no live invoice; an
 * invoice itself is one of the five others. Every change goes through
 * `assertInvoiceTransition` and a conditional UPDATE … WHERE status = <from>.
 */
import { Code } from '@ac/protocol/codes';
import type { TInvoiceStatus } from '@ac/protocol/enums';
import { OrderStatus } from '@ac/protocol/enums';
import { AppError } from '../../lib/app-error.ts';

export type TStoredInvoiceStatus = Exclude<TInvoiceStatus, 'notInvoiced'>;

/** Every legal transition: from → the statuses it may move to. */
export const INVOICE_TRANSITIONS: Readonly<Record<TStoredInvoiceStatus, readonly TStoredInvoiceStatus[]>> = {
  // applied for: the provider issues it or refuses it
  invoicing: ['invoiced', 'failed'],
  // applied for again after a failure or voiding: the same two outcomes
  reissuing: ['invoiced', 'failed'],
  // issued: can only be voided (red-flushed) by the operator
  invoiced: ['voided'],
  // terminal: the user re-applies, which creates a new invoice in reissuing
  failed: [],
  voided: [],
};

/** Statuses that hold their orders: no other invoice may include them. */
export const LIVE_STATUSES: readonly TStoredInvoiceStatus[] = ['invoicing', 'reissuing', 'invoiced'];
/** Statuses still waiting for the provider. */
export const PENDING_STATUSES: readonly TStoredInvoiceStatus[] = ['invoicing', 'reissuing'];
/** Statuses one may apply again from. */
export const REAPPLICABLE_STATUSES: readonly TStoredInvoiceStatus[] = ['failed', 'voided'];

/** Order statuses whose money was received and not wholly refunded. */
export const INVOICEABLE_ORDER_STATUSES: readonly number[] = [
  OrderStatus.paid,
  OrderStatus.expired,
  OrderStatus.conversionDue,
  OrderStatus.partiallyRefunded,
];

export function canMoveInvoice(from: TStoredInvoiceStatus, to: TStoredInvoiceStatus): boolean {
  return INVOICE_TRANSITIONS[from].includes(to);
}

export function assertInvoiceTransition(from: TStoredInvoiceStatus, to: TStoredInvoiceStatus): void {
  if (!canMoveInvoice(from, to)) throw new AppError(Code.invoiceTransitionRefused, undefined, { from, to });
}

export function isLive(status: TStoredInvoiceStatus): boolean {
  return LIVE_STATUSES.includes(status);
}
