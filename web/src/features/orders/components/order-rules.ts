/** Which orders can be cancelled or paid (docs/api-commerce.md state machine). */
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';

/** Unpaid only: once a payment is under way (6) the order can no longer be cancelled. */
const cancellable: readonly TOrderStatus[] = [OrderStatus.unpaid];
const payable: readonly TOrderStatus[] = [OrderStatus.unpaid, OrderStatus.unconfirmed, OrderStatus.payFailed];

/**
 * The channel of a renewing membership's orders: the billing provider charges them and retries a
 * failed renewal itself (docs/product.md#renewing-memberships), so none is paid by hand.
 */
export const SUBSCRIPTION_CHANNEL = 'subscription';

export const canCancel = (status: TOrderStatus) => cancellable.includes(status);
export const canPay = (order: { status: TOrderStatus; channel: string }) =>
  payable.includes(order.status) && order.channel !== SUBSCRIPTION_CHANNEL;
