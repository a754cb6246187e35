/**
 * The sandbox invoicing provider: keeps nothing, so a restart loses no
 * submission. The reference carries the outcome and the moment it is
 * reached (`sbx.<issued|failed>.<readyAt ms>.<random>`): an application
 * whose title contains "FAIL" fails, any other is issued `delayMs` after
 * submission. Tests pass their own clock or a delay of 0.
 */
import { createHash, randomBytes } from 'node:crypto';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { InvoiceDocument, InvoiceOutcome, InvoicingProvider, IssuedInvoice } from './provider.ts';

export const SANDBOX_FAIL_MARK = 'FAIL';
export const SANDBOX_FAIL_REASON = 'The sandbox provider refuses titles containing FAIL';
const REF_RE = /^sbx\.(issued|failed)\.(\d{1,15})\.([0-9a-f]{16})$/;

export function createSandboxInvoicing(opts: { now?: () => Date; delayMs?: number } = {}): InvoicingProvider {
  const now = opts.now ?? (() => new Date());
  const delayMs = opts.delayMs ?? 2000;
  return {
    name: 'sandbox',
    async submit(doc) {
      const outcome = doc.title.name.toUpperCase().includes(SANDBOX_FAIL_MARK) ? 'failed' : 'issued';
      const readyAt = now().getTime() + delayMs;
      return { ref: `sbx.${outcome}.${readyAt}.${randomBytes(8).toString('hex')}` };
    },
    async check(ref): Promise<InvoiceOutcome> {
      const m = REF_RE.exec(ref);
      if (!m) return { state: 'failed', reason: 'Unknown sandbox reference' };
      const readyAt = new Date(Number(m[2]));
      if (now() < readyAt) return { state: 'pending' };
      if (m[1] === 'failed') return { state: 'failed', reason: SANDBOX_FAIL_REASON };
      return { state: 'issued', fiscalNo: fiscalNoOf(ref), issuedAt: readyAt };
    },
    async pdf(_ref: string, doc: InvoiceDocument, issued: IssuedInvoice) {
      return renderInvoicePdf(doc, issued, 'sandbox');
    },
    async reverse(ref) {
      return { ref: `sbx.red.${createHash('sha256').update(ref).digest('hex').slice(0, 16)}` };
    },
  };
}

/** A 20-digit invoice number derived from the reference. */
function fiscalNoOf(ref: string): string {
  const digest = createHash('sha256').update(ref).digest();
  let out = '';
  for (const byte of digest) {
    out += (byte % 10).toString();
    if (out.length === 20) break;
  }
  return out;
}
