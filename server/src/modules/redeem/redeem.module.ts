import type { AppModule } from '../module.ts';
import type { SessionService } from '../session/session.service.ts';
import { createRedeemCalls } from './redeem.routes.ts';
import type { RedeemService } from './redeem.service.ts';
import { registerRedeemCsvRoute } from './redeem-csv.routes.ts';
import type { RedeemPurchaseService } from './redeem-purchase.service.ts';

/** My redeem codes: list, preview, exchange; buying codes, their orders, the CSV and handing codes over. */
export function redeemModule(d: {
  redeem: RedeemService;
  redeemPurchases: RedeemPurchaseService;
  sessions: SessionService;
}): AppModule {
  return { calls: createRedeemCalls(d), register: (app) => registerRedeemCsvRoute(app, d) };
}
