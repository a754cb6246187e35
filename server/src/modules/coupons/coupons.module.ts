import type { AppModule } from '../module.ts';
import { createCouponsCalls } from './coupons.routes.ts';
import type { CouponsService } from './coupons.service.ts';

/** My coupons; applying one to an order is the orders module's (order-coupon.ts). */
export function couponsModule(d: { coupons: CouponsService }): AppModule {
  return { calls: createCouponsCalls(d) };
}
