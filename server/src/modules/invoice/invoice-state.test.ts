import { Code } from '@ac/protocol/codes';
import { INVOICE_STATUSES } from '@ac/protocol/enums';
import { describe, expect, it } from 'vitest';
import { appErrorOf } from '../../../test/app-errors.ts';
import {
  assertInvoiceTransition,
  canMoveInvoice,
  INVOICE_TRANSITIONS,
  isLive,
  LIVE_STATUSES,
  PENDING_STATUSES,
  REAPPLICABLE_STATUSES,
  type TStoredInvoiceStatus,
} from './invoice-state.ts';

const stored = Object.keys(INVOICE_TRANSITIONS) as TStoredInvoiceStatus[];

describe('the invoice state machine', () => {
  it('covers the six statuses of docs/product.md#data: notInvoiced for orders, five for invoices', () => {
    expect(new Set([...stored, 'notInvoiced'])).toEqual(new Set(INVOICE_STATUSES));
  });

  it('moves a pending invoice to invoiced or failed, an issued one only to voided', () => {
    expect(INVOICE_TRANSITIONS).toEqual({
      invoicing: ['invoiced', 'failed'],
      reissuing: ['invoiced', 'failed'],
      invoiced: ['voided'],
      failed: [],
      voided: [],
    });
  });

  it('refuses every other move with 2100008 naming both statuses', () => {
    for (const from of stored) {
      for (const to of stored) {
        if (canMoveInvoice(from, to)) {
          expect(() => assertInvoiceTransition(from, to)).not.toThrow();
          continue;
        }
        const refused = appErrorOf(() => assertInvoiceTransition(from, to));
        expect(refused.code).toBe(Code.invoiceTransitionRefused);
        expect(refused.message).toBe(`The invoice cannot change from ${from} to ${to}`);
      }
    }
  });

  it('holds orders while pending or issued; re-application only after a failure or voiding', () => {
    expect(LIVE_STATUSES).toEqual(['invoicing', 'reissuing', 'invoiced']);
    expect(stored.filter(isLive)).toEqual(['invoicing', 'reissuing', 'invoiced']);
    expect(PENDING_STATUSES.every((s) => INVOICE_TRANSITIONS[s].includes('invoiced'))).toBe(true);
    expect(REAPPLICABLE_STATUSES.every((s) => INVOICE_TRANSITIONS[s].length === 0 && !isLive(s))).toBe(true);
  });
});
