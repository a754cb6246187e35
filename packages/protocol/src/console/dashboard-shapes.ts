/**
 * The console's dashboard (docs/operations.md#dashboard): what happened per day of a period, in
 * the server's region. Days are calendar days in the region's `dayTimeZone` (enums.ts); a period
 * is at most DASHBOARD_MAX_DAYS days, both ends included. Rows are sparse: a day without any
 * counts no row, and `days` lists every day of the period for the charts and tables.
 */
import { z } from 'zod';
import { ZRegion } from '../enum-schemas.ts';
import { CURRENCIES } from '../enums.ts';

/** The longest period the dashboard answers, in days (2500070 beyond). */
export const DASHBOARD_MAX_DAYS = 366;
/** The period the console shows first: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

/** A calendar day, `YYYY-MM-DD`. */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'is no calendar day');

export const ZDashboardRequest = z.object({
  /** The first day of the period and its last (both included); 2500071 when `from` is after `to`. */
  from: ZDay,
  to: ZDay,
});
export type TDashboardRequest = z.infer<typeof ZDashboardRequest>;

const ZCount = z.number().int().min(0);
const ZDayCount = z.object({ day: ZDay, count: ZCount });
export type TDayCount = z.infer<typeof ZDayCount>;

/**
 * Orders paid on a day (by their payment time) in one currency, amounts above zero only (not
 * redeemed codes or courtesy extensions); `revenue`: what they paid, in minor units, before any
 * later refund. Revenue is answered only to roles with `dashboard.revenue` (finance, admin).
 */
const ZDaySales = z.object({
  day: ZDay,
  currency: z.enum(CURRENCIES),
  orders: ZCount,
  revenue: z.number().int().min(0).optional(),
});
export type TDaySales = z.infer<typeof ZDaySales>;

export const ZDashboardResponse = z.object({
  /** The server's region: each region's console reads its own database. */
  region: ZRegion,
  /** The IANA time zone of the days. */
  timeZone: z.string(),
  from: ZDay,
  to: ZDay,
  /** Every day of the period, oldest first. */
  days: z.array(ZDay),
  /** Whether `sales` carries revenue (the role may read it). */
  revenueShown: z.boolean(),
  sales: z.array(ZDaySales),
  /** Accounts registered. */
  signUps: z.array(ZDayCount),
  /** Redeem codes redeemed. */
  redemptions: z.array(ZDayCount),
  /** Failed member sign-ins (wrong password or code, a failed second step); kept 90 days. */
  failedLogins: z.array(ZDayCount),
  /** Orders whose payment began that day and is still not confirmed (status 6), by the day of their last change. */
  unconfirmed: z.array(ZDayCount),
  /** Every order not confirmed now, whatever its day (the console's "Payments not confirmed" list). */
  unconfirmedNow: ZCount,
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;
