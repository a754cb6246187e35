/**
 * The invoice store of SPEC §3 for one application in progress: the selected
 * orders (with their amounts), the invoice type, the chosen title, and the
 * current company header — the company name together with the token it was
 * read for. Kept in sessionStorage so /invoice/order → /invoice/book →
 * /invoice/create survive a reload; a draft or header of another token
 * (another login) is never shown.
 */
import type { TMoney } from '@ac/protocol/common';
import type { TInvoiceType } from '@ac/protocol/invoice';
import { useCallback, useSyncExternalStore } from 'react';
import { getToken } from '@/lib/session/token';

export type DraftOrder = { orderNo: string; goodsName: string; amount: TMoney };
export type CompanyHeader = { companyName: string; token: string };
export type InvoiceDraft = {
  orders: DraftOrder[];
  type: TInvoiceType;
  titleId: string | null;
  companyHeader: CompanyHeader | null;
};
type Stored = InvoiceDraft & { token: string };

export const DRAFT_KEY = 'invoiceDraft';
const EMPTY: InvoiceDraft = { orders: [], type: 'ordinary', titleId: null, companyHeader: null };
const listeners = new Set<() => void>();
let cache: { raw: string | null; draft: InvoiceDraft } | undefined;

function read(): InvoiceDraft {
  const raw = sessionStorage.getItem(DRAFT_KEY);
  const token = getToken() ?? '';
  if (cache && cache.raw === raw) return cache.draft;
  let draft = EMPTY;
  try {
    const stored = raw ? (JSON.parse(raw) as Stored) : null;
    if (stored && stored.token === token) {
      const { token: _owner, ...rest } = stored;
      draft = {
        ...rest,
        companyHeader: rest.companyHeader?.token === token ? rest.companyHeader : null,
      };
    }
  } catch {
    draft = EMPTY;
  }
  cache = { raw, draft };
  return draft;
}

export function readInvoiceDraft(): InvoiceDraft {
  return read();
}

export function updateInvoiceDraft(patch: Partial<InvoiceDraft>): void {
  const next: Stored = { ...read(), ...patch, token: getToken() ?? '' };
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

export function clearInvoiceDraft(): void {
  sessionStorage.removeItem(DRAFT_KEY);
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The draft of the current login, and its setter. */
export function useInvoiceDraft(): [InvoiceDraft, (patch: Partial<InvoiceDraft>) => void] {
  const draft = useSyncExternalStore(subscribe, read, () => EMPTY);
  return [draft, useCallback(updateInvoiceDraft, [])];
}

/** The sum of the selected orders (the server computes the invoiced amount itself). */
export function draftTotal(orders: DraftOrder[]): TMoney | null {
  const first = orders[0];
  if (!first) return null;
  return { amount: orders.reduce((sum, o) => sum + o.amount.amount, 0), currency: first.amount.currency };
}
