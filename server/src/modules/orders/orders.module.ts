import type { AppModule } from '../module.ts';
import { createOrdersCalls } from './orders.routes.ts';
import type { OrdersService } from './orders.service.ts';

/** My orders: list, create, detail, cancel and the coupon of an order (paying one is the payments module's). */
export function ordersModule(d: { orders: OrdersService }): AppModule {
  return { calls: createOrdersCalls(d) };
}
