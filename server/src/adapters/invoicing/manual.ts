/**
 * The manual invoicing provider (INVOICING_PROVIDER=manual): finance issues each invoice in
 * their own tax system and uploads the issued PDF or OFD file with its number in the operator
 * console (docs/operations.md#invoices-china). Nothing is sent anywhere: a submission is only
 * noted (the reference names the application), stays pending until the upload, and a void is
 * the red-letter invoice finance makes in the tax system.
 */
import type { InvoiceOutcome, InvoicingProvider } from './provider.ts';

export const MANUAL_REF_PREFIX = 'manual.';

export function createManualInvoicing(): InvoicingProvider {
  return {
    name: 'manual',
    manual: true,
    async submit(doc) {
      return { ref: `${MANUAL_REF_PREFIX}${doc.invoiceNo}` };
    },
    async check(): Promise<InvoiceOutcome> {
      return { state: 'pending' };
    },
    async pdf(ref) {
      // the uploaded file is kept with the invoice; there is nothing else to fetch
      throw new Error(`the manual provider has no file of ${ref}: finance uploads it`);
    },
    async reverse(ref) {
      return { ref: `${MANUAL_REF_PREFIX}red.${ref.slice(MANUAL_REF_PREFIX.length)}` };
    },
  };
}
