/**
 * Keeps a redeem-code order's held codes in step with its refunds (redeem-order-codes.ts
 * `holdRefundingCodes`; docs/decisions/0037-commerce-review-findings.md): after a refund is asked
 * of a gateway, confirmed or failed, in the same transaction under the order's row lock.
 */
import type { Tx } from '../../db/client.ts';
import { createOrdersRepo } from '../orders/orders.repo.ts';
import { holdRefundingCodes, isRedeemCodeOrder } from '../redeem/redeem-order-codes.ts';
import { createRefundRequestsRepo } from './refund-requests.repo.ts';

/** Holds (or releases) the order's codes for its open refund requests; answers how many it could not hold. */
export async function syncRefundHolds(tx: Tx, orderNo: string): Promise<number> {
  // read again: the refund just recorded changed the refunded amount
  const order = await createOrdersRepo(tx).lockOrder(orderNo);
  if (!order || !isRedeemCodeOrder(order)) return 0;
  const open = (await createRefundRequestsRepo(tx).of(orderNo)).filter((r) => r.state === 'open');
  return holdRefundingCodes(
    tx,
    order,
    open.reduce((n, r) => n + r.amount, 0),
  );
}
