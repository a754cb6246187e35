/**
 * The dashboard's answer made dense for the charts and the table: one row per day of the period
 * (zero where the server sent no row), and the totals of the period.
 */
import type { TDashboardResponse, TDayCount } from '@ac/protocol/console/dashboard-shapes';
import type { TCurrency } from '@ac/protocol/enums';

export type DayRow = {
  day: string;
  orders: Partial<Record<TCurrency, number>>;
  revenue: Partial<Record<TCurrency, number>>;
  signUps: number;
  redemptions: number;
  failedLogins: number;
  unconfirmed: number;
};

export type Dashboard = {
  rows: DayRow[];
  /** The currencies with a sale in the period, in a fixed order. */
  currencies: TCurrency[];
  totals: Omit<DayRow, 'day'>;
  revenueShown: boolean;
};

const byDay = (list: TDayCount[]) => new Map(list.map((r) => [r.day, r.count]));

export function denseDashboard(a: TDashboardResponse): Dashboard {
  const signUps = byDay(a.signUps);
  const redemptions = byDay(a.redemptions);
  const failed = byDay(a.failedLogins);
  const unconfirmed = byDay(a.unconfirmed);
  const currencies = [...new Set(a.sales.map((s) => s.currency))].sort();
  const rows: DayRow[] = a.days.map((day) => ({
    day,
    orders: {},
    revenue: {},
    signUps: signUps.get(day) ?? 0,
    redemptions: redemptions.get(day) ?? 0,
    failedLogins: failed.get(day) ?? 0,
    unconfirmed: unconfirmed.get(day) ?? 0,
  }));
  const index = new Map(rows.map((r) => [r.day, r]));
  const totals: Dashboard['totals'] = {
    orders: {},
    revenue: {},
    signUps: 0,
    redemptions: 0,
    failedLogins: 0,
    unconfirmed: 0,
  };
  for (const s of a.sales) {
    const row = index.get(s.day);
    if (!row) continue;
    row.orders[s.currency] = s.orders;
    totals.orders[s.currency] = (totals.orders[s.currency] ?? 0) + s.orders;
    if (s.revenue !== undefined) {
      row.revenue[s.currency] = s.revenue;
      totals.revenue[s.currency] = (totals.revenue[s.currency] ?? 0) + s.revenue;
    }
  }
  for (const r of rows) {
    totals.signUps += r.signUps;
    totals.redemptions += r.redemptions;
    totals.failedLogins += r.failedLogins;
    totals.unconfirmed += r.unconfirmed;
  }
  return { rows, currencies, totals, revenueShown: a.revenueShown };
}
