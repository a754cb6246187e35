import type { AppModule } from '../module.ts';
import { createTradeCalls } from './trade.routes.ts';
import type { TradeService } from './trade.service.ts';

/** The China trade account (its calls exist in the China build only). */
export function tradeModule(d: { trade: TradeService }): AppModule {
  return { calls: createTradeCalls(d) };
}
