/**
 * The composition root: every service built once, each from one
 * dependencies object, for the app (buildApp registers the modules over
 * them) and for the admin command line, so both run the same rules.
 */
import { regionSettings } from '@ac/protocol/enums';
import type { FastifyBaseLogger } from 'fastify';
import { type AvatarStore, createDbAvatarStore } from '../adapters/avatar-store.ts';
import type { IdentityVerifier } from '../adapters/identity/verifier.ts';
import { createIdentityVerifier } from '../adapters/identity/verifiers.ts';
import type { InvoicingProvider } from '../adapters/invoicing/provider.ts';
import { createInvoicingProvider } from '../adapters/invoicing/providers.ts';
import { createIpPlaces } from '../adapters/ip-place.ts';
import type { Mailer } from '../adapters/mail.ts';
import { createNotifier } from '../adapters/notices.ts';
import { createOAuthProviders, type OAuthProviders } from '../adapters/oauth/providers.ts';
import { createAppStoreVerifier } from '../adapters/payments/app-store.ts';
import { createPaymentGateways } from '../adapters/payments/gateways.ts';
import { createGooglePlayClient } from '../adapters/payments/google-play.ts';
import { createSmsProvider } from '../adapters/sms/providers.ts';
import type { SmsSender } from '../adapters/sms/sms.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/client.ts';
import { createFieldCipher } from '../lib/field-crypto.ts';
import { createUserAnswerCache } from '../lib/user-answer-cache.ts';
import { createUserChanges } from '../lib/user-changes.ts';
import { createAccountService } from '../modules/account/account.service.ts';
import { createAuditService } from '../modules/audit/audit.service.ts';
import { createAvatarService } from '../modules/avatar/avatar.service.ts';
import { type CaptchaGenerator, createCaptchaService, svgCaptchaGenerator } from '../modules/codes/captcha.service.ts';
import { createCodeDelivery } from '../modules/codes/code-delivery.ts';
import { createCodesService } from '../modules/codes/codes.service.ts';
import { createCompanyService } from '../modules/company/company.service.ts';
import { createConsoleAudit } from '../modules/console/console-audit.ts';
import { createConsoleSessions } from '../modules/console/console-session.service.ts';
import { createConsoleDashboard } from '../modules/console/dashboard.service.ts';
import { createFinanceConsole } from '../modules/console/finance.service.ts';
import { createFreshSecondFactor } from '../modules/console/fresh-second-factor.ts';
import { createOffersConsole } from '../modules/console/offers.service.ts';
import { createSalesConsole } from '../modules/console/sales.service.ts';
import { createSalesCoupons } from '../modules/console/sales-coupons.service.ts';
import { staffSecondFactor } from '../modules/console/second-factor.ts';
import { createStaffAdmin } from '../modules/console/staff-admin.service.ts';
import { createUserSupport } from '../modules/console/user-support.service.ts';
import { createCouponAdmin } from '../modules/coupons/coupon-admin.service.ts';
import { createCouponCampaigns } from '../modules/coupons/coupon-campaigns.service.ts';
import { createCouponsService } from '../modules/coupons/coupons.service.ts';
import { createDataExportService } from '../modules/data-export/data-export.service.ts';
import { exportParts } from '../modules/data-export/data-export-parts.ts';
import { createDeviceSignInService } from '../modules/device-sign-in/device-sign-in.service.ts';
import { createDevicesService } from '../modules/devices/devices.service.ts';
import { createInvoiceService } from '../modules/invoice/invoice.service.ts';
import { createInvoiceTitlesService } from '../modules/invoice/invoice-titles.service.ts';
import { createJobQueue } from '../modules/jobs/job-queue.ts';
import { createQueuedMailer } from '../modules/jobs/mail-jobs.ts';
import { registerScheduledJobs } from '../modules/jobs/scheduled-jobs.ts';
import { createQueuedSms } from '../modules/jobs/sms-jobs.ts';
import { createKeysService } from '../modules/keys/keys.service.ts';
import { createMembershipAdmin } from '../modules/memberships/membership-admin.service.ts';
import { createMembershipsService } from '../modules/memberships/memberships.service.ts';
import { createNodeDirectory } from '../modules/nodes/node-directory.ts';
import { createPeerLookup } from '../modules/nodes/peer-lookup.ts';
import { createOrdersService } from '../modules/orders/orders.service.ts';
import { createOutboxRepo } from '../modules/outbox/outbox.repo.ts';
import { createOutboxService } from '../modules/outbox/outbox.service.ts';
import { createOutboxMailer, createOutboxSms } from '../modules/outbox/outbox-senders.ts';
import { createPasswordService } from '../modules/password/password.service.ts';
import { createOrderRefunds } from '../modules/payments/order-refund.ts';
import { createPaymentsService } from '../modules/payments/payments.service.ts';
import { createProductsService } from '../modules/products/products.service.ts';
import { createProfileService } from '../modules/profile/profile.service.ts';
import { createReceiptsService } from '../modules/receipts/receipts.service.ts';
import { createRecoveryService } from '../modules/recovery/recovery.service.ts';
import { createRedeemService } from '../modules/redeem/redeem.service.ts';
import { createRedeemIssueService } from '../modules/redeem/redeem-issue.service.ts';
import { createRedeemOfferAdmin } from '../modules/redeem/redeem-offer-admin.service.ts';
import { createRedeemPurchaseService } from '../modules/redeem/redeem-purchase.service.ts';
import { createAccountMail } from '../modules/registration/account-mail.ts';
import { createRegistrationService } from '../modules/registration/registration.service.ts';
import { relyingPartyOf } from '../modules/second-factor/passkeys.ts';
import { createSecondFactorService } from '../modules/second-factor/second-factor.service.ts';
import { createActivityService } from '../modules/session/activity.service.ts';
import { createSessionService } from '../modules/session/session.service.ts';
import { createSessionSnapshots } from '../modules/session/session-snapshots.ts';
import { createUserInfoService } from '../modules/session/user-info.service.ts';
import { createStaffService } from '../modules/staff/staff.service.ts';
import { createStaffAuditService } from '../modules/staff-audit/staff-audit.service.ts';
import { createStorageService } from '../modules/storage/storage.service.ts';
import { createAppStoreEvents } from '../modules/store-purchases/app-store-events.ts';
import { createFastspringEvents } from '../modules/store-purchases/fastspring-events.ts';
import { createGooglePlayEvents } from '../modules/store-purchases/google-play-events.ts';
import { AGREEMENT_CHARGE_JOB, createAgreementCharges } from '../modules/subscriptions/agreement-charges.ts';
import { createSubscriptionEvents } from '../modules/subscriptions/subscription-events.ts';
import { createSubscriptionReminders } from '../modules/subscriptions/subscription-reminders.ts';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service.ts';
import { createOAuthFlow } from '../modules/third-party/oauth-flow.ts';
import { createThirdLoginService } from '../modules/third-party/third-login.service.ts';
import { createThirdPartyService } from '../modules/third-party/third-party.service.ts';
import { createTradeService } from '../modules/trade/trade.service.ts';
import { createTwoFactorService } from '../modules/two-factor/two-factor.service.ts';
import { createUserService } from '../modules/user/user.service.ts';

/** Adapters a caller may replace (tests pass their own; by default the outbox, SVG captchas, local files, OIDC). */
export type ServiceAdapters = {
  mailer?: Mailer;
  sms?: SmsSender;
  captcha?: CaptchaGenerator;
  avatarStore?: AvatarStore;
  oauth?: OAuthProviders;
  /** The real-name verifier of the trade account (by default the one of IDENTITY_VERIFIER). */
  identity?: IdentityVerifier;
  /** The invoicing provider of the China build (by default the one of INVOICING_PROVIDER). */
  invoicing?: InvoicingProvider;
};

type Deps = { config: Config; db: Db; log: FastifyBaseLogger; adapters?: ServiceAdapters };

export function createServices({ config, db, log, adapters = {} }: Deps) {
  const { publicUrl, basePath, region, nodeCode } = config;
  const { currency, defaultLanguage } = regionSettings[region];

  // durable jobs, and the delivery adapters: over SMTP, mail goes through the queue
  const jobs = createJobQueue({
    db,
    log,
    schedules: config.jobsSchedule,
    maintenanceSeconds: config.jobsMaintenanceSeconds,
  });
  const outboxRepo = createOutboxRepo(db);
  const { smtpUrl, mailFrom: from } = config;
  const timing = { retryDelaySeconds: config.deliveryRetrySeconds, expireSeconds: config.deliveryExpireSeconds };
  const mailer =
    adapters.mailer ??
    (smtpUrl
      ? createQueuedMailer({ smtpUrl, from, db, queue: jobs, outbox: outboxRepo, log, ...timing })
      : createOutboxMailer(db));
  // SMS: through the selected provider (and the queue for retries), else kept in the outbox
  const smsProvider = createSmsProvider(config.sms);
  const sms =
    adapters.sms ??
    (smsProvider
      ? createQueuedSms({ provider: smsProvider, queue: jobs, outbox: outboxRepo, log, ...timing })
      : createOutboxSms(outboxRepo));
  const outbox = createOutboxService({ db });
  const notifier = createNotifier({ mailer, sms, log });
  const mail = createAccountMail({ mailer, sms, publicUrl, basePath, region });
  const gateways = createPaymentGateways(config, db, log);
  const providers = adapters.oauth ?? createOAuthProviders(config.oauth);
  const store = adapters.avatarStore ?? createDbAvatarStore(db);

  // accounts and sessions
  const audit = createAuditService({ db });
  const keys = createKeysService({ db });
  const changes = createUserChanges({ db });
  const snapshots = createSessionSnapshots({ db, changes });
  const answers = createUserAnswerCache({ changes });
  const users = createUserService({ db, changes });
  const storage = createStorageService({ db, users });
  const products = createProductsService({ db, currency });
  const companies = createCompanyService({
    db,
    users,
    products,
    audit,
    mailer,
    changes,
    defaultLanguage,
    webUrl: `${publicUrl}${basePath}`,
  });
  const memberships = createMembershipsService({ db, users, products, companies, changes, answers });
  const userInfo = createUserInfoService({ users, memberships, snapshots });
  const codes = createCodesService({
    db,
    freeSendsPerIp: config.captchaFreeSendsPerIp,
    resendSeconds: config.codeResendSeconds,
    smsHomeCallingCodes: config.smsHomeCallingCodes,
    smsCountryDailyBudget: config.smsCountryDailyBudget,
  });
  const captcha = createCaptchaService({ db, generate: adapters.captcha ?? svgCaptchaGenerator, audit });
  const directory = createNodeDirectory({
    db,
    users,
    selfCode: nodeCode,
    selfUrl: `${publicUrl}${basePath}`,
    peers: config.serverNodes
      .filter((n) => n.code !== nodeCode)
      .map((n) => createPeerLookup({ code: n.code, apiBase: n.url, secret: config.nodeSecret }, log)),
  });
  const cipher = createFieldCipher(config.fieldEncryptionKey, config.previousFieldEncryptionKeys);
  const secondFactors = createSecondFactorService({
    db,
    cipher,
    issuer: new URL(publicUrl).hostname,
    rp: relyingPartyOf(publicUrl),
  });
  // the account's activity and its new-sign-in alerts (docs/decisions/0045-sign-in-history.md)
  const activity = createActivityService({
    audit,
    users,
    places: createIpPlaces(),
    notifier,
    webUrl: `${publicUrl}${basePath}`,
    defaultLanguage,
    log,
  });
  const sessions = createSessionService({
    db,
    activity,
    users,
    userInfo,
    codes,
    secondFactors,
    audit,
    companies,
    snapshots,
    changes,
    nodeDirectory: directory,
    maxAgeDays: config.sessionMaxAgeDays,
  });
  const delivery = createCodeDelivery({
    codes,
    mailer,
    sms,
    users,
    audit,
    defaultLanguage,
    nodeDirectory: directory,
  });
  const devices = createDevicesService({
    db,
    users,
    memberships,
    sessions,
    codes,
    audit,
    limits: config.deviceLimits,
  });
  const deviceSignIn = createDeviceSignInService({ db, sessions, audit, webUrl: `${publicUrl}${basePath}` });
  const registration = createRegistrationService({ db, users, codes, directory, mail, audit, defaultLanguage });
  const trade = createTradeService({
    db,
    users,
    audit,
    cipher,
    verifier: adapters.identity ?? createIdentityVerifier(config.identity),
    identityDailyAttempts: config.identity.dailyAttempts,
    log,
  });
  // the China build's user detail carries the trade account
  const profile = createProfileService({
    db,
    users,
    codes,
    sessions,
    audit,
    notifier,
    defaultLanguage,
    trade: region === 'cn' ? trade : undefined,
  });
  const twoFactor = createTwoFactorService({
    users,
    userInfo,
    secondFactors,
    sessions,
    companies,
    audit,
    notifier,
    defaultLanguage,
  });
  const passwords = createPasswordService({ db, users, codes, sessions, audit, notifier, defaultLanguage });
  const avatars = createAvatarService({ db, store, users, audit, publicUrl, log });
  const flow = createOAuthFlow({ db, providers, publicUrl });
  const thirdParty = createThirdPartyService({
    db,
    users,
    sessions,
    changes,
    providers,
    flow,
    region,
    audit,
    notifier,
    defaultLanguage,
  });
  const recovery = createRecoveryService({ db, users, sessions, thirdParty, codes, mail, audit, defaultLanguage });
  const thirdLogin = createThirdLoginService({ thirdParty, flow, sessions, audit });

  // commerce
  const coupons = createCouponsService({ db });
  const orders = createOrdersService({ db, products, memberships, companies, coupons, audit, answers });
  // renewing memberships: their provider events come through the payments module's notify route
  const webUrl = `${publicUrl}${basePath}`;
  // receipts and credit notes of the overseas build, issued in the payment's and the refund's transaction
  const receipts = createReceiptsService({
    db,
    region,
    seller: config.receiptSeller,
    audit,
    users,
    products,
    mailer,
    defaultLanguage,
    webUrl,
  });
  const refunds = createOrderRefunds({ db, memberships, audit, receipts });
  const subscriptionEvents = createSubscriptionEvents({
    db,
    receipts,
    orders,
    memberships,
    products,
    users,
    mailer,
    audit,
    defaultLanguage,
    webUrl,
    now: () => new Date(),
  });
  // China: Alipay agreement payments, deducted each period by us (docs/decisions/0043-subscriptions.md)
  const agreementCharges = createAgreementCharges({
    db,
    agreements: gateways.agreements,
    orders,
    memberships,
    products,
    users,
    mailer,
    audit,
    jobs,
    log,
    defaultLanguage,
    webUrl,
    now: () => new Date(),
  });
  jobs.work<{ id: string }>(AGREEMENT_CHARGE_JOB, async ({ id }) => {
    await agreementCharges.charge(id);
  });
  const subscriptions = createSubscriptionsService({
    db,
    billing: gateways.billing,
    jobs,
    agreements: gateways.agreements,
    currency,
    defaultLanguage,
    orders,
    products,
    users,
    audit,
  });
  // app-store purchases of the mobile app (docs/decisions/0048-app-store-purchases.md)
  const appStore = config.appStore
    ? {
        verify: createAppStoreVerifier(config.appStore),
        apply: createAppStoreEvents({
          db,
          orders,
          memberships,
          products,
          users,
          audit,
          productGoods: config.appStore.products,
          now: () => new Date(),
        }),
      }
    : undefined;
  const googlePlay = config.googlePlay
    ? {
        client: createGooglePlayClient(config.googlePlay),
        apply: createGooglePlayEvents({
          db,
          orders,
          memberships,
          products,
          users,
          audit,
          productGoods: config.googlePlay.products,
          packageName: config.googlePlay.packageName,
          now: () => new Date(),
        }),
      }
    : undefined;
  // the popup storefront (docs/decisions/0053-popup-storefront.md)
  const fastspringGateway = gateways.get('fastspring');
  const fastspring =
    config.payments.fastspring && fastspringGateway
      ? {
          webhookSecret: config.payments.fastspring.webhookSecret,
          apply: createFastspringEvents({
            db,
            orders,
            memberships,
            products,
            users,
            audit,
            log,
            gateway: fastspringGateway,
            storefront: config.payments.fastspring.storefront,
            now: () => new Date(),
          }),
        }
      : undefined;
  const reminders = createSubscriptionReminders({ db, memberships, products, users, mailer, defaultLanguage, webUrl });
  const payments = createPaymentsService({
    db,
    orders,
    memberships,
    products,
    receipts,
    gateways,
    refunds,
    audit,
    log,
    billingEvents: async (event, provider) => {
      await subscriptionEvents(event, provider);
    },
    agreementEvents: async (event) => {
      await agreementCharges.applyEvent(event);
    },
  });
  const redeem = createRedeemService({ db, currency, users, memberships, products, companies, orders, audit });
  const redeemPurchases = createRedeemPurchaseService({
    db,
    currency,
    companies,
    orders,
    mailer,
    audit,
    defaultLanguage,
    webUrl: `${publicUrl}${basePath}`,
  });
  const invoicing = adapters.invoicing ?? createInvoicingProvider(config.invoicing);
  const invoices = createInvoiceService({
    db,
    orders,
    audit,
    provider: invoicing,
    currency,
    jobs,
    mailer,
    webUrl: `${publicUrl}${basePath}`,
    defaultLanguage,
    log,
  });
  const invoiceTitles = createInvoiceTitlesService({ db, audit });

  const accounts = createAccountService({
    db,
    users,
    codes,
    avatars,
    sessions,
    registration,
    orders,
    thirdParty,
    devices,
    companies,
    memberships,
    subscriptions,
    redeem,
    invoices,
    trade,
    directory,
    outbox,
    audit,
    notifier,
    defaultLanguage,
  });

  // the personal data export (docs/decisions/0046-data-export.md)
  const dataExports = createDataExportService({
    db,
    users,
    parts: exportParts({ db, avatars, trade: region === 'cn' ? trade : undefined }),
    jobs,
    mailer,
    audit,
    publicUrl,
    defaultLanguage,
    log,
  });

  // the operator console (docs/decisions/0038-operator-console.md)
  const staffAudit = createStaffAuditService({ db });
  const staff = createStaffService({ db, audit: staffAudit });
  // the second sign-in step: the members' second-factor core, for subjects of kind 'staff'
  const secondFactor = staffSecondFactor(secondFactors);
  const consoleSessions = createConsoleSessions({ db, staff, sessions, staffAudit, secondFactor });
  const userSupport = createUserSupport({
    db,
    currency,
    users,
    sessions,
    memberships,
    orders,
    redeem,
    devices,
    registration,
    delivery,
    thirdParty,
    companies,
    products,
    staffAudit,
  });
  const consoleAudit = createConsoleAudit({ staffAudit });
  // money actions (refunds, voids) need a second factor proven within the last minutes
  const freshSecondFactor = createFreshSecondFactor({ db, secondFactor, staff, staffAudit });
  const financeConsole = createFinanceConsole({
    db,
    orders,
    payments,
    invoices: region === 'cn' ? invoices : null,
    users,
    staffAudit,
  });

  const redeemIssue = createRedeemIssueService({ db, products, audit });
  const salesConsole = createSalesConsole({ companies, redeemIssue, staffAudit });
  const salesCoupons = createSalesCoupons({ campaigns: createCouponCampaigns({ db, products }), staffAudit });
  // offers and prices, staff accounts (admin): the command line's services
  const redeemOfferAdmin = createRedeemOfferAdmin({ db, audit });
  const offersConsole = createOffersConsole({ db, currency, products, redeemOffers: redeemOfferAdmin, staffAudit });
  const staffAdmin = createStaffAdmin({ staff, consoleSessions, secondFactor });
  const consoleDashboard = createConsoleDashboard({ region, orders, users, redeem, audit });

  registerScheduledJobs({
    queue: jobs,
    orders,
    payments,
    keys,
    sessions,
    activity,
    deviceSignIn,
    outbox,
    trade,
    reminders,
    agreementCharges,
    dataExports,
    log,
  });

  return {
    jobs,
    changes,
    snapshots,
    answers,
    outbox,
    gateways,
    audit,
    storage,
    keys,
    users,
    userInfo,
    sessions,
    activity,
    secondFactors,
    codes,
    delivery,
    captcha,
    directory,
    registration,
    recovery,
    profile,
    passwords,
    twoFactor,
    deviceSignIn,
    avatars,
    thirdParty,
    thirdLogin,
    accounts,
    dataExports,
    companies,
    devices,
    products,
    memberships,
    orders,
    payments,
    subscriptions,
    subscriptionEvents,
    agreementCharges,
    appStore,
    googlePlay,
    fastspring,
    reminders,
    redeem,
    redeemPurchases,
    coupons,
    invoices,
    invoiceTitles,
    receipts,
    trade,
    staffAudit,
    staff,
    consoleSessions,
    userSupport,
    financeConsole,
    salesConsole,
    salesCoupons,
    consoleDashboard,
    freshSecondFactor,
    consoleAudit,
    // the admin command line's own services
    currency,
    refunds,
    redeemIssue,
    redeemOfferAdmin,
    offersConsole,
    staffAdmin,
    membershipAdmin: createMembershipAdmin({ db, memberships, products, audit }),
    couponAdmin: createCouponAdmin({ db, products, audit }),
    /** Stops the job workers (waiting for the jobs being run) and the payment gateways. */
    async close() {
      await jobs.stop();
      await gateways.close();
    },
  };
}
export type Services = ReturnType<typeof createServices>;
