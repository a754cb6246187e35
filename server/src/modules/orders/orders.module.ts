import type { AppModule } from '../module.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { createOrdersCalls } from './orders.routes.ts';
import type { OrdersService } from './orders.service.ts';

/** My orders: list, create, detail, cancel, pay and pay state. */
export function ordersModule(d: { orders: OrdersService; payments: PaymentsService }): AppModule {
  return { calls: createOrdersCalls(d) };
}
