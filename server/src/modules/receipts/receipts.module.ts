import type { TRegion } from '@ac/protocol/enums';
import type { AppModule } from '../module.ts';
import type { SessionService } from '../session/session.service.ts';
import { createReceiptsCalls, registerReceiptPdfRoute } from './receipts.routes.ts';
import type { ReceiptsService } from './receipts.service.ts';

/** Billing details and receipts, overseas build only: the calls (regions ['us']) and the PDF download. */
export function receiptsModule(d: { receipts: ReceiptsService; sessions: SessionService; region: TRegion }): AppModule {
  return {
    // the envelope plugin registers calls of the server's region only
    calls: createReceiptsCalls(d),
    register: d.region === 'us' ? (app) => registerReceiptPdfRoute(app, d) : undefined,
  };
}
