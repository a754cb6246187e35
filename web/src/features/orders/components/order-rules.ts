/** Which orders can be cancelled or paid (docs/api-commerce.md state machine). */
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';

/** Unpaid only: once a payment is under way (6) the order can no longer be cancelled. */
const cancellable: readonly TOrderStatus[] = [OrderStatus.unpaid];
const payable: readonly TOrderStatus[] = [OrderStatus.unpaid, OrderStatus.unconfirmed, OrderStatus.payFailed];

export const canCancel = (status: TOrderStatus) => cancellable.includes(status);
export const canPay = (status: TOrderStatus) => payable.includes(status);
