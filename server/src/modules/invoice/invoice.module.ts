import type { TRegion } from '@ac/protocol/enums';
import type { AppModule } from '../module.ts';
import type { SessionService } from '../session/session.service.ts';
import { createInvoiceCalls } from './invoice.routes.ts';
import type { InvoiceService } from './invoice.service.ts';
import { registerInvoicePdfRoute } from './invoice-pdf.routes.ts';
import type { InvoiceTitlesService } from './invoice-titles.service.ts';

/** Invoices and invoice titles, China build only: the calls (regions ['cn']) and the PDF download. */
export function invoiceModule(d: {
  invoices: InvoiceService;
  invoiceTitles: InvoiceTitlesService;
  sessions: SessionService;
  region: TRegion;
}): AppModule {
  return {
    // the envelope plugin registers calls of the server's region only
    calls: createInvoiceCalls(d),
    register: d.region === 'cn' ? (app) => registerInvoicePdfRoute(app, d) : undefined,
  };
}
