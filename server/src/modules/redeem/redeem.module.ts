import type { AppModule } from '../module.ts';
import { createRedeemCalls } from './redeem.routes.ts';
import type { RedeemService } from './redeem.service.ts';

/** My redeem codes: list, preview, exchange, and their orders. */
export function redeemModule(d: { redeem: RedeemService }): AppModule {
  return { calls: createRedeemCalls(d) };
}
