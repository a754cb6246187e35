/**
 * orders refund <orderNo> [--amount <minor units>] · orders refunds <orderNo> · orders refund-due ·
 * orders expire · reconcile [--older-than 15]
 */
import { Code } from '@ac/protocol/codes';
import { orderStatusName, type TOrderStatus } from '@ac/protocol/enums';
import { AppError } from '../../lib/app-error.ts';
import type { AdminCommand } from '../admin-context.ts';
import { int, optionalText, positional } from '../args.ts';
import { money } from '../output.ts';

export const ordersRefund: AdminCommand = async ({ services }, args) => {
  const amount = optionalText(args, 'amount') === undefined ? undefined : int(args, 'amount');
  const done = await services.payments.refund(positional(args, 2, 'the order number'), amount);
  const o = done.order;
  if (done.kind === 'requested') {
    return `${o.orderNo}: refund ${done.refundNo} of ${money(done.amount, o.currency)} asked of ${done.provider}${done.refundId ? ` (${done.refundId})` : ''}; the order changes when ${done.provider} confirms it`;
  }
  const status = orderStatusName[o.status as TOrderStatus];
  const through = done.kind === 'refunded' ? ` (refund ${done.refundNo}, confirmed by ${done.provider})` : '';
  return `${o.orderNo}: ${status}, refunded ${money(o.refundAmount, o.currency)} of ${money(o.payAmount, o.currency)}${through}`;
};

/** The refunds asked of the gateway for an order: number, amount, state and, for a failed one, why. */
export const ordersRefunds: AdminCommand = async ({ services }, args) => {
  const orderNo = positional(args, 2, 'the order number');
  const found = await services.orders.find(orderNo);
  if (!found) throw new AppError(Code.orderNotFound);
  const requests = await services.payments.refundRequests(orderNo);
  if (!requests.length) return `${orderNo}: no refund asked of a gateway`;
  return requests
    .map(
      (r) =>
        `${r.refundNo}  ${r.provider}  ${money(r.amount, r.currency)}  ${r.state}  asked ${r.createdAt.toISOString()}${r.settledAt ? `, settled ${r.settledAt.toISOString()}` : ''}${r.failure ? `  ${r.failure}` : ''}`,
    )
    .join('\n');
};

/**
 * Money to go back: orders paid after they were cancelled (`orders refund <orderNo>`), and second
 * payments of orders paid already (refunded in the gateway's merchant console: `orders refund`
 * refunds the payment that paid the order).
 */
export const ordersRefundDue: AdminCommand = async ({ services }) => {
  const due = await services.orders.refundDue();
  const twice = await services.payments.secondPayments();
  if (!due.length && !twice.length) return 'no refund due';
  return [
    ...due.map(
      (o) =>
        `${o.orderNo}  cancelled, paid ${money(o.payAmount - o.refundAmount, o.currency)} on ${o.payTime?.toISOString() ?? '?'}: refund due`,
    ),
    ...twice.map(
      (p) =>
        `${p.orderNo}  paid twice: ${p.provider} ${p.tradeNo} ${money(p.amount, p.currency)} on ${p.receivedAt.toISOString()}: refund due (in the gateway's merchant console)`,
    ),
  ].join('\n');
};

export const ordersExpire: AdminCommand = async ({ services }) => {
  const n = await services.payments.expireServed();
  return `${n} order${n === 1 ? '' : 's'} marked expired`;
};

export const reconcile: AdminCommand = async ({ services }, args) => {
  const minutes = int(args, 'older-than', 15);
  const summary = await services.payments.reconcile(minutes);
  const parts = Object.entries(summary.outcomes).map(([k, v]) => `${k} ${v}`);
  const refunds = Object.entries(summary.refunds).map(([k, v]) => `${k} ${v}`);
  return `checked ${summary.checked} order${summary.checked === 1 ? '' : 's'} awaiting payment for over ${minutes} min${parts.length ? `: ${parts.join(', ')}` : ''}${refunds.length ? `; open refunds: ${refunds.join(', ')}` : ''}`;
};
