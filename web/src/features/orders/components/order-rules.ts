/** Which orders can be cancelled or paid (docs/api-commerce.md state machine). */
import { OrderStatus, type TOrderStatus } from '@ac/protocol/enums';

const cancellable: readonly TOrderStatus[] = [OrderStatus.unpaid, OrderStatus.unconfirmed];
const payable: readonly TOrderStatus[] = [OrderStatus.unpaid, OrderStatus.unconfirmed, OrderStatus.payFailed];

export const canCancel = (status: TOrderStatus) => cancellable.includes(status);
export const canPay = (status: TOrderStatus) => payable.includes(status);
