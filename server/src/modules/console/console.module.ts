/**
 * The operator console (docs/decisions/0038-operator-console.md): its JSON calls under
 * `<ADMIN_BASE_PATH>/api/…`, beside the member API; not envelope calls.
 */
import type { Config } from '../../config/config.ts';
import type { AppModule } from '../module.ts';
import type { StaffService } from '../staff/staff.service.ts';
import { consoleRoutes } from './console.routes.ts';
import type { createConsoleAudit } from './console-audit.ts';
import { registerConsoleCalls } from './console-call.ts';
import { consoleCookie } from './console-cookie.ts';
import type { ConsoleSessions } from './console-session.service.ts';
import type { ConsoleDashboard } from './dashboard.service.ts';
import type { FinanceConsole } from './finance.service.ts';
import type { FreshSecondFactor } from './fresh-second-factor.ts';
import type { OffersConsole } from './offers.service.ts';
import type { SalesConsole } from './sales.service.ts';
import type { SalesCoupons } from './sales-coupons.service.ts';
import type { StaffAdmin } from './staff-admin.service.ts';
import type { UserSupport } from './user-support.service.ts';

export type ConsoleAudit = ReturnType<typeof createConsoleAudit>;

type Deps = {
  config: Pick<Config, 'publicUrl' | 'console'>;
  staff: Pick<StaffService, 'resolveSession'>;
  consoleSessions: ConsoleSessions;
  userSupport: UserSupport;
  financeConsole: FinanceConsole;
  salesConsole: SalesConsole;
  salesCoupons: SalesCoupons;
  offersConsole: OffersConsole;
  staffAdmin: StaffAdmin;
  consoleDashboard: ConsoleDashboard;
  freshSecondFactor: FreshSecondFactor;
  consoleAudit: ConsoleAudit;
};

export function consoleModule(d: Deps): AppModule {
  const { basePath, allowedIps } = d.config.console;
  const cookie = consoleCookie(d.config.publicUrl, basePath);
  return {
    register: (app) =>
      registerConsoleCalls(app, {
        basePath,
        allowedIps,
        staff: d.staff,
        cookie,
        freshSecondFactor: d.freshSecondFactor,
        calls: consoleRoutes({
          sessions: d.consoleSessions,
          support: d.userSupport,
          finance: d.financeConsole,
          sales: d.salesConsole,
          coupons: d.salesCoupons,
          offers: d.offersConsole,
          staffAdmin: d.staffAdmin,
          dashboard: d.consoleDashboard,
          audit: d.consoleAudit,
          cookie,
        }),
      }),
  };
}
