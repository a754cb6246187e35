/**
 * Every v5 envelope call, grouped by the server module that answers it
 * (docs/architecture.md): `calls.session.login`, `calls.orders.list`, …
 * The paths of the few routes that are not envelope calls are in
 * http-paths.ts.
 */
import { codes } from './calls/codes.ts';
import { memberships, orders, products, redeem } from './calls/commerce.ts';
import { company } from './calls/company.ts';
import { coupons } from './calls/coupons.ts';
import { invoice } from './calls/invoice.ts';
import { account, devices, password, profile } from './calls/profile.ts';
import { nodes, recovery, registration } from './calls/registration.ts';
import { session, user } from './calls/session.ts';
import { thirdParty } from './calls/third-party.ts';
import { trade } from './calls/trade.ts';
import type { CallContract } from './contract.ts';
import { thirdPartiesByRegion } from './enums.ts';

export const calls = {
  session,
  user,
  company,
  codes,
  profile,
  password,
  account,
  devices,
  thirdParty,
  registration,
  recovery,
  nodes,
  products,
  memberships,
  orders,
  redeem,
  coupons,
  invoice,
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
