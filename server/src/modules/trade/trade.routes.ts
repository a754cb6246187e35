import { calls } from '@ac/protocol/calls';
import { type CallContext, defineCall } from '../../envelope/call.ts';
import type { TradeCaller, TradeService } from './trade.service.ts';

type Deps = { trade: TradeService };

const caller = ({ session, clientInfo, ip, requestId }: CallContext<unknown, true>): TradeCaller => ({
  userId: session.userId,
  clientType: clientInfo.clientType,
  ip,
  requestId,
});
// cash-password calls: a per-IP limit on top of the per-account lock
const cashLimit = { max: 20, timeWindow: '1 minute' };

export function createTradeCalls({ trade }: Deps) {
  return [
    defineCall(calls.trade.saveDetails, { handler: (c) => trade.saveDetails(caller(c), c.payload) }),
    defineCall(calls.trade.saveEducation, { handler: (c) => trade.saveEducation(caller(c), c.payload) }),
    defineCall(calls.trade.deleteEducation, { handler: (c) => trade.deleteEducation(caller(c), c.payload.id) }),
    defineCall(calls.trade.saveWork, { handler: (c) => trade.saveWork(caller(c), c.payload) }),
    defineCall(calls.trade.deleteWork, { handler: (c) => trade.deleteWork(caller(c), c.payload.id) }),
    defineCall(calls.trade.saveAuthentication, {
      rateLimit: { max: 10, timeWindow: '1 minute' },
      handler: (c) => trade.saveAuthentication(caller(c), c.payload),
    }),
    defineCall(calls.trade.setCashPassword, {
      rateLimit: cashLimit,
      handler: (c) => trade.setCashPassword(caller(c), c.payload),
    }),
    defineCall(calls.trade.checkCashPassword, {
      rateLimit: cashLimit,
      handler: (c) => trade.checkCashPassword(caller(c), c.payload.password),
    }),
    defineCall(calls.trade.saveCashAccount, {
      rateLimit: cashLimit,
      handler: (c) => trade.saveCashAccount(caller(c), c.payload),
    }),
    defineCall(calls.trade.deleteCashAccount, { handler: (c) => trade.deleteCashAccount(caller(c), c.payload.id) }),
    defineCall(calls.trade.setDefCashAccount, { handler: (c) => trade.setDefCashAccount(caller(c), c.payload.id) }),
  ];
}
