/**
 * Staff of the operator console (docs/decisions/0038-operator-console.md): the roles and what
 * each may do, declared once. The server checks the permission of every console call; the
 * console hides what the signed-in role cannot do.
 */
import { z } from 'zod';

export const STAFF_ROLES = ['support', 'finance', 'sales', 'admin'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];
export const ZStaffRole = z.enum(STAFF_ROLES);

/** One permission per console call that changes or reads member data. */
export const STAFF_PERMISSIONS = [
  'users.read',
  'users.endSessions',
  'users.block',
  'users.extendMembership',
  'users.resendActivation',
  'users.unbindDevice',
  'users.unlockLogin',
  'users.resendCode',
  'audit.read',
  'orders.read',
  'orders.refund',
  'orders.reconcile',
  'invoices.read',
  'invoices.issue',
  'invoices.void',
  'companies.read',
  'companies.manage',
  'codes.read',
  'codes.manage',
  'coupons.read',
  'coupons.manage',
  'offers.read',
  'offers.manage',
  'staff.read',
  'staff.manage',
  /** The dashboard's revenue figures (the dashboard itself: any staff). */
  'dashboard.revenue',
] as const;
export type TStaffPermission = (typeof STAFF_PERMISSIONS)[number];

const SUPPORT: readonly TStaffPermission[] = [
  'users.read',
  'users.endSessions',
  'users.block',
  'users.extendMembership',
  'users.resendActivation',
  'users.unbindDevice',
  'users.unlockLogin',
  'users.resendCode',
  'audit.read',
];

/** Finance: orders (read, refund through the provider, reconcile one) and China invoices (issue, upload, fail, void). */
const FINANCE: readonly TStaffPermission[] = [
  'users.read',
  'audit.read',
  'orders.read',
  'orders.refund',
  'orders.reconcile',
  'invoices.read',
  'invoices.issue',
  'invoices.void',
  'dashboard.revenue',
];

/** Sales: companies (create with seats and an admin invitation, seats, end date, freeze), redeem-code batches and coupon campaigns, besides users and the audit. */
const SALES: readonly TStaffPermission[] = [
  'users.read',
  'audit.read',
  'companies.read',
  'companies.manage',
  'codes.read',
  'codes.manage',
  'coupons.read',
  'coupons.manage',
];

/** What each role may do. Admin may do everything, and only admin: offers and prices, staff accounts. */
export const ROLE_PERMISSIONS: Record<TStaffRole, readonly TStaffPermission[]> = {
  support: SUPPORT,
  finance: FINANCE,
  sales: SALES,
  admin: STAFF_PERMISSIONS,
};

export function roleMay(role: TStaffRole, permission: TStaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** A courtesy extension is at most this many days (issue 25: bounded, with a reason). */
export const MAX_EXTENSION_DAYS = 31;
/** A staff session ends after this long without a call, and this long after its sign-in, however used. */
export const STAFF_IDLE_TIMEOUT_MINUTES = 15;
export const STAFF_ABSOLUTE_TIMEOUT_HOURS = 12;
/** The header every console call but sign-in carries: the session's CSRF token. */
export const CSRF_HEADER = 'x-csrf-token';
/**
 * A money action (a refund, voiding an invoice) needs a fresh second factor: a code entered at
 * sign-in or in the action's dialog within this many minutes (docs/operations.md#money-actions).
 */
export const FRESH_SECOND_FACTOR_MINUTES = 5;
