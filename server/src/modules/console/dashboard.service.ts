/**
 * The console's dashboard (docs/operations.md#dashboard): per day of a period in the region's
 * time zone, what the owners count — paid orders and revenue (orders), sign-ups (user),
 * redemptions (redeem), failed member sign-ins (audit), payments not confirmed (orders). Each
 * count is one grouped query on a range of its time column's index. Revenue is left out for a
 * role without `dashboard.revenue`.
 */
import { Code } from '@ac/protocol/codes';
import { DASHBOARD_MAX_DAYS, type TDashboardResponse } from '@ac/protocol/console/dashboard-shapes';
import { roleMay, type TStaffRole } from '@ac/protocol/console/staff';
import { regionSettings, type TRegion } from '@ac/protocol/enums';
import type { DayPeriod } from '../../db/per-day.ts';
import { AppError } from '../../lib/app-error.ts';
import { DAY } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { RedeemService } from '../redeem/redeem.service.ts';
import type { UserService } from '../user/user.service.ts';

type Deps = {
  region: TRegion;
  orders: Pick<OrdersService, 'salesPerDay' | 'unconfirmedPerDay' | 'unconfirmedCount'>;
  users: Pick<UserService, 'signUpsPerDay'>;
  redeem: Pick<RedeemService, 'redemptionsPerDay'>;
  audit: Pick<AuditService, 'eventsPerDay'>;
};

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = dayMs(from); t <= dayMs(to); t += DAY) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export function createConsoleDashboard(d: Deps) {
  const timeZone = regionSettings[d.region].dayTimeZone;
  return {
    async summary(role: TStaffRole, p: { from: string; to: string }): Promise<TDashboardResponse> {
      if (p.from > p.to) throw new AppError(Code.dashboardPeriodReversed);
      const length = (dayMs(p.to) - dayMs(p.from)) / DAY + 1;
      if (length > DASHBOARD_MAX_DAYS) throw new AppError(Code.dashboardPeriodTooLong);
      const period: DayPeriod = { ...p, timeZone };
      const [sales, signUps, redemptions, failedLogins, unconfirmed, unconfirmedNow] = await Promise.all([
        d.orders.salesPerDay(period),
        d.users.signUpsPerDay(period),
        d.redeem.redemptionsPerDay(period),
        d.audit.eventsPerDay('login.failed', period),
        d.orders.unconfirmedPerDay(period),
        d.orders.unconfirmedCount(),
      ]);
      const revenueShown = roleMay(role, 'dashboard.revenue');
      return {
        region: d.region,
        timeZone,
        from: p.from,
        to: p.to,
        days: daysOf(p.from, p.to),
        revenueShown,
        sales: sales.map((s) => (revenueShown ? s : { day: s.day, currency: s.currency, orders: s.orders })),
        signUps,
        redemptions,
        failedLogins,
        unconfirmed,
        unconfirmedNow,
      };
    },
  };
}
export type ConsoleDashboard = ReturnType<typeof createConsoleDashboard>;
