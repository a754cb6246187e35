/** The console's calls (packages/protocol/src/console/console-calls.ts): one service call each. */
import { consoleCalls as c } from '@ac/protocol/console/console-calls';
import type { ConsoleAudit } from './console.module.ts';
import { actorOf, type BoundConsoleCall, defineConsoleCall, sessionOf } from './console-call.ts';
import type { ConsoleCookie } from './console-cookie.ts';
import type { ConsoleSessions } from './console-session.service.ts';
import type { ConsoleDashboard } from './dashboard.service.ts';
import type { FinanceConsole } from './finance.service.ts';
import type { OffersConsole } from './offers.service.ts';
import type { SalesConsole } from './sales.service.ts';
import type { SalesCoupons } from './sales-coupons.service.ts';
import type { StaffAdmin } from './staff-admin.service.ts';
import type { UserSupport } from './user-support.service.ts';

type Deps = {
  sessions: ConsoleSessions;
  support: UserSupport;
  finance: FinanceConsole;
  sales: SalesConsole;
  coupons: SalesCoupons;
  offers: OffersConsole;
  staffAdmin: StaffAdmin;
  dashboard: ConsoleDashboard;
  audit: ConsoleAudit;
  cookie: ConsoleCookie;
};

export function consoleRoutes(d: Deps): BoundConsoleCall[] {
  return [
    defineConsoleCall(c.session.signIn, async (p, ctx) => {
      const { token, me } = await d.sessions.signIn(p.email, p.password, ctx);
      d.cookie.set(ctx.reply, token);
      return me;
    }),
    defineConsoleCall(c.session.secondFactor, (p, ctx) => d.sessions.secondFactor(sessionOf(ctx), p.code, ctx)),
    defineConsoleCall(c.session.enrolStart, (_p, ctx) => d.sessions.enrolStart(sessionOf(ctx))),
    defineConsoleCall(c.session.enrolConfirm, (p, ctx) => d.sessions.enrolConfirm(sessionOf(ctx), p.code, ctx)),
    defineConsoleCall(c.session.me, (_p, ctx) => d.sessions.me(sessionOf(ctx))),
    defineConsoleCall(c.session.signOut, async (_p, ctx) => {
      await d.sessions.signOut(sessionOf(ctx), ctx);
      d.cookie.clear(ctx.reply);
      return {};
    }),
    defineConsoleCall(c.dashboard.summary, (p, ctx) => d.dashboard.summary(sessionOf(ctx).staff.role, p)),
    defineConsoleCall(c.users.search, (p) => d.support.search(p.query, p)),
    defineConsoleCall(c.users.view, (p) => d.support.view(p.userId)),
    defineConsoleCall(c.users.endSessions, (p, ctx) => d.support.endSessions(actorOf(ctx), p.userId, p.reason)),
    defineConsoleCall(c.users.block, async (p, ctx) => {
      await d.support.setBlocked(actorOf(ctx), p.userId, true, p.reason);
      return {};
    }),
    defineConsoleCall(c.users.unblock, async (p, ctx) => {
      await d.support.setBlocked(actorOf(ctx), p.userId, false, p.reason);
      return {};
    }),
    defineConsoleCall(c.users.extendMembership, (p, ctx) => d.support.extendMembership(actorOf(ctx), p)),
    defineConsoleCall(c.users.resendActivation, (p, ctx) =>
      d.support.resendActivation(actorOf(ctx), p.userId, p.reason),
    ),
    defineConsoleCall(c.users.resendCode, (p, ctx) => d.support.resendCode(actorOf(ctx), p)),
    defineConsoleCall(c.users.unbindDevice, (p, ctx) => d.support.unbindDevice(actorOf(ctx), p)),
    defineConsoleCall(c.users.unlockLogin, (p, ctx) => d.support.unlockLogin(actorOf(ctx), p.userId, p.reason)),
    defineConsoleCall(c.orders.search, (p) => d.finance.searchOrders(p)),
    defineConsoleCall(c.orders.detail, (p) => d.finance.orderDetail(p.orderNo)),
    defineConsoleCall(c.orders.refund, (p, ctx) => d.finance.refund(actorOf(ctx), p)),
    defineConsoleCall(c.orders.refundDue, () => d.finance.refundDue()),
    defineConsoleCall(c.orders.reconcile, (p, ctx) => d.finance.reconcile(actorOf(ctx), p.orderNo)),
    defineConsoleCall(c.invoices.queue, (p) => d.finance.invoiceQueue(p)),
    defineConsoleCall(c.invoices.detail, (p) => d.finance.invoiceDetail(p.invoiceNo)),
    defineConsoleCall(c.invoices.issue, (p, ctx) => d.finance.issueInvoice(actorOf(ctx), p)),
    defineConsoleCall(c.invoices.upload, (p, ctx) => d.finance.uploadInvoice(actorOf(ctx), p)),
    defineConsoleCall(c.invoices.fail, (p, ctx) => d.finance.failInvoice(actorOf(ctx), p)),
    defineConsoleCall(c.invoices.void, (p, ctx) => d.finance.voidInvoice(actorOf(ctx), p)),
    defineConsoleCall(c.companies.search, (p) => d.sales.search(p)),
    defineConsoleCall(c.companies.detail, (p) => d.sales.detail(p.companyId)),
    defineConsoleCall(c.companies.create, (p, ctx) => d.sales.create(actorOf(ctx), p)),
    defineConsoleCall(c.companies.update, (p, ctx) => d.sales.update(actorOf(ctx), p)),
    defineConsoleCall(c.companies.freeze, (p, ctx) => d.sales.setFrozen(actorOf(ctx), p, true)),
    defineConsoleCall(c.companies.unfreeze, (p, ctx) => d.sales.setFrozen(actorOf(ctx), p, false)),
    defineConsoleCall(c.companies.close, (p, ctx) => d.sales.setClosed(actorOf(ctx), p, true)),
    defineConsoleCall(c.companies.reopen, (p, ctx) => d.sales.setClosed(actorOf(ctx), p, false)),
    defineConsoleCall(c.codes.batches, (p) => d.sales.batches(p)),
    defineConsoleCall(c.codes.createBatch, (p, ctx) => d.sales.createBatch(actorOf(ctx), p)),
    defineConsoleCall(c.codes.exportBatch, (p) => d.sales.exportBatch(p.batchId)),
    defineConsoleCall(c.codes.abolishBatch, (p, ctx) => d.sales.abolishBatch(actorOf(ctx), p)),
    defineConsoleCall(c.codes.abolishCode, (p, ctx) => d.sales.abolishCode(actorOf(ctx), p)),
    defineConsoleCall(c.codes.history, (p) => d.sales.history(p.code)),
    defineConsoleCall(c.coupons.campaigns, (p) => d.coupons.list(p)),
    defineConsoleCall(c.coupons.create, (p, ctx) => d.coupons.create(actorOf(ctx), p)),
    defineConsoleCall(c.coupons.detail, (p) => d.coupons.detail(p.campaignId)),
    defineConsoleCall(c.coupons.issue, (p, ctx) => d.coupons.issue(actorOf(ctx), p)),
    defineConsoleCall(c.coupons.addCodes, (p, ctx) => d.coupons.addCodes(actorOf(ctx), p)),
    defineConsoleCall(c.coupons.end, (p, ctx) => d.coupons.end(actorOf(ctx), p)),
    defineConsoleCall(c.offers.list, (p) => d.offers.list(p)),
    defineConsoleCall(c.offers.setPrice, (p, ctx) => d.offers.setPrice(actorOf(ctx), p)),
    defineConsoleCall(c.offers.enable, (p, ctx) => d.offers.setActive(actorOf(ctx), p, true)),
    defineConsoleCall(c.offers.disable, (p, ctx) => d.offers.setActive(actorOf(ctx), p, false)),
    defineConsoleCall(c.staff.list, (p) => d.staffAdmin.list(p)),
    defineConsoleCall(c.staff.create, (p, ctx) => d.staffAdmin.create(actorOf(ctx), p)),
    defineConsoleCall(c.staff.setRole, (p, ctx) => d.staffAdmin.setRole(actorOf(ctx), p)),
    defineConsoleCall(c.staff.disable, (p, ctx) => d.staffAdmin.setDisabled(actorOf(ctx), p, true)),
    defineConsoleCall(c.staff.enable, (p, ctx) => d.staffAdmin.setDisabled(actorOf(ctx), p, false)),
    defineConsoleCall(c.staff.resetSecondFactor, (p, ctx) => d.staffAdmin.resetSecondFactor(actorOf(ctx), p)),
    defineConsoleCall(c.staff.endSessions, (p, ctx) => d.staffAdmin.endSessions(actorOf(ctx), p)),
    defineConsoleCall(c.audit.list, (p) => d.audit.list(p)),
    defineConsoleCall(c.audit.export, (p) => d.audit.csv(p)),
  ];
}
