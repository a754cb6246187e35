/**
 * Every v5 envelope call, grouped by the server module that answers it, one
 * file per group named like it (docs/architecture.md#names-from-page-to-table): `calls.session.login`,
 * `calls.orders.list`, `calls.payments.pay`, …
 * The paths of the few routes that are not envelope calls are in
 * http-paths.ts.
 */
import { account } from './calls/account.ts';
import { codes } from './calls/codes.ts';
import { company } from './calls/company.ts';
import { coupons } from './calls/coupons.ts';
import { deviceSignIn } from './calls/device-sign-in.ts';
import { devices } from './calls/devices.ts';
import { invoice } from './calls/invoice.ts';
import { memberships } from './calls/memberships.ts';
import { nodes } from './calls/nodes.ts';
import { orders } from './calls/orders.ts';
import { password } from './calls/password.ts';
import { payments } from './calls/payments.ts';
import { products } from './calls/products.ts';
import { profile } from './calls/profile.ts';
import { receipts } from './calls/receipts.ts';
import { recovery } from './calls/recovery.ts';
import { redeem } from './calls/redeem.ts';
import { registration } from './calls/registration.ts';
import { session } from './calls/session.ts';
import { subscriptions } from './calls/subscriptions.ts';
import { thirdParty } from './calls/third-party.ts';
import { trade } from './calls/trade.ts';
import { twoFactor } from './calls/two-factor.ts';
import type { CallContract } from './contract.ts';
import { thirdPartiesByRegion } from './enums.ts';

export const calls = {
  session,
  company,
  codes,
  profile,
  password,
  twoFactor,
  deviceSignIn,
  account,
  devices,
  thirdParty,
  registration,
  recovery,
  nodes,
  products,
  memberships,
  orders,
  payments,
  subscriptions,
  redeem,
  coupons,
  invoice,
  receipts,
  trade,
};

/** Every contract entry, each provider's login call included. */
export function allCalls(): CallContract[] {
  const out: CallContract[] = [];
  for (const group of Object.values(calls)) {
    for (const entry of Object.values(group)) {
      if (typeof entry === 'function') continue;
      out.push(entry);
    }
  }
  for (const type of new Set(Object.values(thirdPartiesByRegion).flat())) out.push(calls.thirdParty.loginWith(type));
  return out;
}
