/**
 * The commerce services (catalogue, orders, payments, redeem codes and
 * their admin side), built once for the app and for the admin command
 * line so both run the same rules.
 */
import { regionSettings } from '@ac/protocol/enums';
import { createPaymentGateways } from './adapters/payments/gateways.ts';
import type { PaymentLog } from './adapters/payments/types.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createAdminUsersRepo } from './modules/admin-users/admin-users.repo.ts';
import { createAuditRepo } from './modules/audit/audit.repo.ts';
import { createMembershipAdmin } from './modules/memberships/membership-admin.service.ts';
import { createMembershipsRepo } from './modules/memberships/memberships.repo.ts';
import { createMembershipsService } from './modules/memberships/memberships.service.ts';
import { createOrderRefunds } from './modules/orders/order-refund.ts';
import { createOrdersRepo } from './modules/orders/orders.repo.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createProductsRepo } from './modules/products/products.repo.ts';
import { createProductsService } from './modules/products/products.service.ts';
import { createRedeemRepo } from './modules/redeem/redeem.repo.ts';
import { createRedeemService } from './modules/redeem/redeem.service.ts';
import { createRedeemIssueService } from './modules/redeem/redeem-issue.service.ts';

export function createCommerce(config: Config, db: Db, log: PaymentLog) {
  const currency = regionSettings[config.region].currency;
  const audit = createAuditRepo(db);
  const membershipsRepo = createMembershipsRepo(db);
  const products = createProductsService(createProductsRepo(db), currency);
  const ordersRepo = createOrdersRepo(db);
  const gateways = createPaymentGateways(config, db, log);
  return {
    currency,
    products,
    ordersRepo,
    orders: createOrdersService({ repo: ordersRepo, products, memberships: membershipsRepo, audit }),
    refunds: createOrderRefunds({ db }),
    gateways,
    payments: createPaymentsService({ db, gateways, audit, log }),
    redeemRepo: createRedeemRepo(db),
    redeem: createRedeemService({ db, currency }),
    redeemIssue: createRedeemIssueService({ db }),
    memberships: createMembershipsService(membershipsRepo),
    membershipAdmin: createMembershipAdmin({ db }),
    adminUsers: createAdminUsersRepo(db),
    close: () => gateways.close(),
  };
}
export type Commerce = ReturnType<typeof createCommerce>;
