/**
 * The console's calls as data (docs/decisions/0038-operator-console.md): JSON over HTTPS under
 * the console's base path (ADMIN_BASE_PATH, `/admin`) + `path`, not the member envelope. Each
 * names the permission it needs (null: any staff session) and the session stage it accepts.
 * The server refuses with a catalogue code and its HTTP status, never a 5xx.
 */
import type { z } from 'zod';
import { Code, type TCode } from '../codes.ts';
import { ZTotpStartResponse } from '../two-factor.ts';
import {
  ZOfferActiveRequest,
  ZOfferAnswer,
  ZOfferListRequest,
  ZOfferListResponse,
  ZOfferPriceRequest,
  ZResendCodeRequest,
  ZResendCodeResponse,
  ZStaffActionRequest,
  ZStaffAnswer,
  ZStaffCreateRequest,
  ZStaffEndSessionsResponse,
  ZStaffListRequest,
  ZStaffListResponse,
  ZStaffRoleRequest,
} from './admin-shapes.ts';
import {
  ZAuditExportResponse,
  ZAuditFilter,
  ZAuditListRequest,
  ZAuditListResponse,
  ZBlockRequest,
  ZEmpty,
  ZEndSessionsRequest,
  ZEndSessionsResponse,
  ZExtendRequest,
  ZExtendResponse,
  ZResendActivationRequest,
  ZResendActivationResponse,
  ZSecondFactorRequest,
  ZStaffEnrolConfirmRequest,
  ZStaffEnrolConfirmResponse,
  ZStaffMe,
  ZStaffSignInRequest,
  ZUnbindDeviceRequest,
  ZUnbindDeviceResponse,
  ZUnlockLoginRequest,
  ZUnlockLoginResponse,
  ZUserRef,
  ZUserSearchRequest,
  ZUserSearchResponse,
  ZUserView,
} from './console-shapes.ts';
import {
  ZCampaignAnswer,
  ZCampaignCodesRequest,
  ZCampaignCodesResponse,
  ZCampaignCreateRequest,
  ZCampaignDetail,
  ZCampaignEndRequest,
  ZCampaignIssueRequest,
  ZCampaignIssueResponse,
  ZCampaignListRequest,
  ZCampaignListResponse,
  ZCampaignRef,
} from './coupon-shapes.ts';
import { ZDashboardRequest, ZDashboardResponse } from './dashboard-shapes.ts';
import {
  ZConsoleInvoiceAnswer,
  ZConsoleInvoiceDetail,
  ZConsoleOrderDetail,
  ZInvoiceActionRequest,
  ZInvoiceQueueRequest,
  ZInvoiceQueueResponse,
  ZInvoiceRef,
  ZInvoiceUploadRequest,
  ZInvoiceVoidRequest,
  ZOrderRef,
  ZOrderRefundRequest,
  ZOrderRefundResponse,
  ZOrderSearchRequest,
  ZOrderSearchResponse,
  ZReconcileOrderRequest,
  ZReconcileOrderResponse,
  ZRefundDueResponse,
} from './finance-shapes.ts';
import {
  ZBatchAbolishRequest,
  ZBatchAbolishResponse,
  ZBatchAnswer,
  ZBatchCreateRequest,
  ZBatchExportResponse,
  ZBatchListRequest,
  ZBatchListResponse,
  ZBatchRef,
  ZCodeAbolishRequest,
  ZCodeAbolishResponse,
  ZCodeHistoryResponse,
  ZCodeRef,
  ZCompanyAnswer,
  ZCompanyCreateRequest,
  ZCompanyDetail,
  ZCompanyFreezeRequest,
  ZCompanyRef,
  ZCompanySearchRequest,
  ZCompanySearchResponse,
  ZCompanyUpdateRequest,
} from './sales-shapes.ts';
import type { TStaffPermission } from './staff.ts';

/**
 * `none`: no session (sign-in); `password`: a session whose second factor may still be due (the
 * second step, the enrolment of a first second factor, me, sign-out); `full`: the second factor
 * done (every other call).
 */
export type ConsoleStage = 'none' | 'password' | 'full';

export type ConsoleCall<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = {
  /** Under `<console base>/api`. */
  readonly path: string;
  readonly summary: string;
  readonly stage: ConsoleStage;
  readonly permission: TStaffPermission | null;
  readonly request: Req;
  readonly response: Res;
  /**
   * true: answered without the CSRF header — only `me`, where a reloaded page gets the token from
   * (it changes nothing, and another site cannot read its answer).
   */
  readonly withoutCsrf?: boolean;
  /**
   * A money action: the session's second factor must be fresh (FRESH_SECOND_FACTOR_MINUTES), or
   * the request carries `secondFactorCode` (the action's dialog asks for it after 2500010).
   */
  readonly freshSecondFactor?: boolean;
  /** The largest request body in bytes, when more than the server's default (a file upload). */
  readonly bodyLimit?: number;
  /** `csv`: the answer is a text/csv download. */
  readonly answer?: 'json' | 'csv';
  readonly errors: readonly TCode[];
};

function consoleCall<Req extends z.ZodType, Res extends z.ZodType>(c: ConsoleCall<Req, Res>) {
  return c;
}

/** Every staff session refusal a call of stage `full` can answer. */
const SESSION_ERRORS = [Code.staffSessionRequired, Code.staffSecondFactorRequired, Code.staffCsrfRefused] as const;
/** What a money action's fresh second factor can answer besides. */
const FRESH_ERRORS = [Code.staffFreshSecondFactorRequired, Code.staffSecondFactorWrong, Code.tooManyRequests] as const;

export const consoleCalls = {
  session: {
    signIn: consoleCall({
      path: '/session/sign-in',
      summary: 'Staff sign-in, step 1: the password. The session then waits for the second factor.',
      stage: 'none',
      permission: null,
      request: ZStaffSignInRequest,
      response: ZStaffMe,
      errors: [Code.staffSignInFailed, Code.tooManyRequests],
    }),
    secondFactor: consoleCall({
      path: '/session/second-factor',
      summary: 'Staff sign-in, step 2: the second factor completes the session.',
      stage: 'password',
      permission: null,
      request: ZSecondFactorRequest,
      response: ZStaffMe,
      errors: [Code.staffSecondFactorWrong, Code.staffSecondFactorNotEnrolled, Code.tooManyRequests],
    }),
    enrolStart: consoleCall({
      path: '/session/second-factor/enrol',
      summary:
        'Sign-in, step 2 for a staff member without a second factor: a new authenticator-app secret (QR code and key); replaces an unconfirmed one',
      stage: 'password',
      permission: null,
      request: ZEmpty,
      response: ZTotpStartResponse,
      errors: [Code.twoFactorAlreadyOn],
    }),
    enrolConfirm: consoleCall({
      path: '/session/second-factor/enrol/confirm',
      summary:
        "The app's first code turns the second factor on and completes the session; answers ten recovery codes, shown once",
      stage: 'password',
      permission: null,
      request: ZStaffEnrolConfirmRequest,
      response: ZStaffEnrolConfirmResponse,
      errors: [Code.staffSecondFactorWrong, Code.totpSetupMissing, Code.twoFactorAlreadyOn, Code.tooManyRequests],
    }),
    me: consoleCall({
      path: '/session/me',
      summary: 'The signed-in staff member, role, permissions, session stage and CSRF token',
      stage: 'password',
      withoutCsrf: true,
      permission: null,
      request: ZEmpty,
      response: ZStaffMe,
      errors: [Code.staffSessionRequired],
    }),
    signOut: consoleCall({
      path: '/session/sign-out',
      summary: 'Ends the staff session',
      stage: 'password',
      permission: null,
      request: ZEmpty,
      response: ZEmpty,
      errors: [],
    }),
  },
  dashboard: {
    summary: consoleCall({
      path: '/dashboard/summary',
      summary:
        "Per day of a period (at most 366 days) in the server's region: paid orders by currency (with revenue for finance and admin), sign-ups, redemptions, failed member sign-ins, payments not confirmed",
      stage: 'full',
      permission: null,
      request: ZDashboardRequest,
      response: ZDashboardResponse,
      errors: [...SESSION_ERRORS, Code.dashboardPeriodTooLong, Code.dashboardPeriodReversed],
    }),
  },
  users: {
    search: consoleCall({
      path: '/users/search',
      summary:
        'Members by email, mobile in any spelling, account id, nickname, name, order number, redeem code, device UUID or company; paged',
      stage: 'full',
      permission: 'users.read',
      request: ZUserSearchRequest,
      response: ZUserSearchResponse,
      errors: SESSION_ERRORS,
    }),
    view: consoleCall({
      path: '/users/view',
      summary:
        'One member: profile, memberships with their source, orders, redeem codes, devices, sessions, bindings, company',
      stage: 'full',
      permission: 'users.read',
      request: ZUserRef,
      response: ZUserView,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
    endSessions: consoleCall({
      path: '/users/end-sessions',
      summary: 'Ends every live session of the member (their next call answers 1000002); audited with the reason',
      stage: 'full',
      permission: 'users.endSessions',
      request: ZEndSessionsRequest,
      response: ZEndSessionsResponse,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
    block: consoleCall({
      path: '/users/block',
      summary: 'Blocks the member: logins answer 1000014 and their sessions end; audited with the reason',
      stage: 'full',
      permission: 'users.block',
      request: ZBlockRequest,
      response: ZEmpty,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
    unblock: consoleCall({
      path: '/users/unblock',
      summary: 'Lifts a block; audited with the reason',
      stage: 'full',
      permission: 'users.block',
      request: ZBlockRequest,
      response: ZEmpty,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
    extendMembership: consoleCall({
      path: '/users/extend-membership',
      summary:
        'A courtesy extension of at most 31 days with a reason: a paid order of type manual replenishment (amount 0) and its membership, audited',
      stage: 'full',
      permission: 'users.extendMembership',
      request: ZExtendRequest,
      response: ZExtendResponse,
      errors: [...SESSION_ERRORS, Code.userNotFound, Code.goodsNotFound],
    }),
    resendActivation: consoleCall({
      path: '/users/resend-activation',
      summary:
        "Mails a new activation link to an unactivated member's email (the old links stay valid until they expire); audited with the reason",
      stage: 'full',
      permission: 'users.resendActivation',
      request: ZResendActivationRequest,
      response: ZResendActivationResponse,
      errors: [
        ...SESSION_ERRORS,
        Code.userNotFound,
        Code.staffMemberAlreadyActivated,
        Code.staffMemberWithoutEmail,
        Code.mailSendTooSoon,
        Code.tooManyRequests,
      ],
    }),
    resendCode: consoleCall({
      path: '/users/resend-code',
      summary:
        "Sends a new verification code to the member's email or mobile where a code they asked for in the last hour is still unused (the same purpose; the member's send limits hold, no captcha); audited with the reason",
      stage: 'full',
      permission: 'users.resendCode',
      request: ZResendCodeRequest,
      response: ZResendCodeResponse,
      errors: [
        ...SESSION_ERRORS,
        Code.userNotFound,
        Code.staffMemberNoPendingCode,
        Code.codeSendTooSoon,
        Code.tooManyRequests,
        Code.smsCountryPaused,
      ],
    }),
    unbindDevice: consoleCall({
      path: '/users/unbind-device',
      summary:
        "Unbinds one of the member's bound devices (its sessions end, a seat of the limit is free); audited with the reason",
      stage: 'full',
      permission: 'users.unbindDevice',
      request: ZUnbindDeviceRequest,
      response: ZUnbindDeviceResponse,
      errors: [...SESSION_ERRORS, Code.userNotFound, Code.deviceNotFound, Code.staffDeviceNotBound],
    }),
    unlockLogin: consoleCall({
      path: '/users/unlock-login',
      summary:
        "Clears the login failure counters and lock of the member's email and mobile (from every address); audited with the reason",
      stage: 'full',
      permission: 'users.unlockLogin',
      request: ZUnlockLoginRequest,
      response: ZUnlockLoginResponse,
      errors: [...SESSION_ERRORS, Code.userNotFound],
    }),
  },
  orders: {
    search: consoleCall({
      path: '/orders/search',
      summary:
        'Orders by status, pay method, gateway, currency, type, creation period, amount paid, member or order number; newest first, paged',
      stage: 'full',
      permission: 'orders.read',
      request: ZOrderSearchRequest,
      response: ZOrderSearchResponse,
      errors: SESSION_ERRORS,
    }),
    detail: consoleCall({
      path: '/orders/detail',
      summary:
        'One order with its payment attempts, every gateway notification and answer, its refunds and what is left to refund',
      stage: 'full',
      permission: 'orders.read',
      request: ZOrderRef,
      response: ZConsoleOrderDetail,
      errors: [...SESSION_ERRORS, Code.orderNotFound],
    }),
    refund: consoleCall({
      path: '/orders/refund',
      summary:
        'A full or partial refund through the gateway that took the payment (recorded for the sandbox), with a reason and a fresh second factor; the same refund asked twice at once is made once; audited',
      stage: 'full',
      permission: 'orders.refund',
      freshSecondFactor: true,
      request: ZOrderRefundRequest,
      response: ZOrderRefundResponse,
      errors: [
        ...SESSION_ERRORS,
        ...FRESH_ERRORS,
        Code.orderNotFound,
        Code.refundInvalid,
        Code.orderTransitionRefused,
        Code.refundRefused,
        Code.redeemRefundBeyondUnused,
        Code.paymentProviderFailed,
      ],
    }),
    refundDue: consoleCall({
      path: '/orders/refund-due',
      summary:
        'The refund-due queue: cancelled orders paid afterwards, second payments of paid orders, refunds still open at their gateway',
      stage: 'full',
      permission: 'orders.read',
      request: ZEmpty,
      response: ZRefundDueResponse,
      errors: SESSION_ERRORS,
    }),
    reconcile: consoleCall({
      path: '/orders/reconcile',
      summary:
        "Asks the order's gateway about a payment not confirmed (the reconciliation of one order) and applies its answer; audited",
      stage: 'full',
      permission: 'orders.reconcile',
      request: ZReconcileOrderRequest,
      response: ZReconcileOrderResponse,
      errors: [...SESSION_ERRORS, Code.orderNotFound, Code.consoleOrderNotAwaitingPayment, Code.paymentProviderFailed],
    }),
  },
  invoices: {
    queue: consoleCall({
      path: '/invoices/queue',
      summary:
        'Invoice applications (China) by status (pending: the queue), member, number, title or period; oldest pending first, else newest first; paged',
      stage: 'full',
      permission: 'invoices.read',
      request: ZInvoiceQueueRequest,
      response: ZInvoiceQueueResponse,
      errors: SESSION_ERRORS,
    }),
    detail: consoleCall({
      path: '/invoices/detail',
      summary: "One application: its title, orders, state and the provider's references",
      stage: 'full',
      permission: 'invoices.read',
      request: ZInvoiceRef,
      response: ZConsoleInvoiceDetail,
      errors: [...SESSION_ERRORS, Code.invoiceNotFound],
    }),
    issue: consoleCall({
      path: '/invoices/issue',
      summary:
        'Hands a pending application to the configured invoicing provider (again) and applies its answer at once; audited with the reason',
      stage: 'full',
      permission: 'invoices.issue',
      request: ZInvoiceActionRequest,
      response: ZConsoleInvoiceAnswer,
      errors: [...SESSION_ERRORS, Code.invoiceNotFound, Code.consoleInvoiceNotPending, Code.consoleInvoiceNotManual],
    }),
    upload: consoleCall({
      path: '/invoices/upload',
      summary:
        'The manual provider: the invoice issued in the tax system, as its PDF or OFD file and number; the application becomes issued, the member downloads the file; audited',
      stage: 'full',
      permission: 'invoices.issue',
      bodyLimit: 6 * 1024 * 1024,
      request: ZInvoiceUploadRequest,
      response: ZConsoleInvoiceAnswer,
      errors: [
        ...SESSION_ERRORS,
        Code.invoiceNotFound,
        Code.consoleInvoiceNotPending,
        Code.consoleInvoiceNotManual,
        Code.consoleInvoiceFileInvalid,
      ],
    }),
    fail: consoleCall({
      path: '/invoices/fail',
      summary:
        'Marks a pending application failed with the reason the member reads; its orders are free and the member can apply again; audited',
      stage: 'full',
      permission: 'invoices.issue',
      request: ZInvoiceActionRequest,
      response: ZConsoleInvoiceAnswer,
      errors: [...SESSION_ERRORS, Code.invoiceNotFound, Code.consoleInvoiceNotPending],
    }),
    void: consoleCall({
      path: '/invoices/void',
      summary:
        'Voids an issued invoice (red-letter reversal at the provider) with a reason and a fresh second factor; its orders can be invoiced again; audited',
      stage: 'full',
      permission: 'invoices.void',
      freshSecondFactor: true,
      request: ZInvoiceVoidRequest,
      response: ZConsoleInvoiceAnswer,
      errors: [
        ...SESSION_ERRORS,
        ...FRESH_ERRORS,
        Code.invoiceNotFound,
        Code.invoiceTransitionRefused,
        Code.invoiceReversalRefused,
      ],
    }),
  },
  companies: {
    search: consoleCall({
      path: '/companies/search',
      summary: 'Companies by part of their name or their id, with their seats per goods code; newest first, paged',
      stage: 'full',
      permission: 'companies.read',
      request: ZCompanySearchRequest,
      response: ZCompanySearchResponse,
      errors: SESSION_ERRORS,
    }),
    detail: consoleCall({
      path: '/companies/detail',
      summary: 'One company: its seats, its members with their role and seats, and its open invitations',
      stage: 'full',
      permission: 'companies.read',
      request: ZCompanyRef,
      response: ZCompanyDetail,
      errors: [...SESSION_ERRORS, Code.companyNotFound],
    }),
    create: consoleCall({
      path: '/companies/create',
      summary:
        'Creates an active company with its seats per goods code and end date, and mails its admin e-mail an invitation that makes the account its owner; audited',
      stage: 'full',
      permission: 'companies.manage',
      request: ZCompanyCreateRequest,
      response: ZCompanyAnswer,
      errors: [...SESSION_ERRORS, Code.goodsNotFound, Code.tooManyRequests],
    }),
    update: consoleCall({
      path: '/companies/update',
      summary:
        "Sets seats of goods codes (not fewer than are assigned) and/or the end date; members' entitlements follow at their next call; audited with the reason",
      stage: 'full',
      permission: 'companies.manage',
      request: ZCompanyUpdateRequest,
      response: ZCompanyAnswer,
      errors: [...SESSION_ERRORS, Code.companyNotFound, Code.goodsNotFound, Code.invalidParam],
    }),
    freeze: consoleCall({
      path: '/companies/freeze',
      summary: "Freezes the company: its seats grant nothing until unfrozen, from the members' next call; audited",
      stage: 'full',
      permission: 'companies.manage',
      request: ZCompanyFreezeRequest,
      response: ZCompanyAnswer,
      errors: [...SESSION_ERRORS, Code.companyNotFound],
    }),
    unfreeze: consoleCall({
      path: '/companies/unfreeze',
      summary: 'Unfreezes the company: its seats grant again; audited',
      stage: 'full',
      permission: 'companies.manage',
      request: ZCompanyFreezeRequest,
      response: ZCompanyAnswer,
      errors: [...SESSION_ERRORS, Code.companyNotFound],
    }),
    close: consoleCall({
      path: '/companies/close',
      summary:
        "Closes the company (status closed): its seats grant nothing from the members' next call, who see it as closed; members, seats and invitations are kept for a reopening; audited",
      stage: 'full',
      permission: 'companies.manage',
      request: ZCompanyFreezeRequest,
      response: ZCompanyAnswer,
      errors: [...SESSION_ERRORS, Code.companyNotFound],
    }),
    reopen: consoleCall({
      path: '/companies/reopen',
      summary: 'Reopens a closed company (status active): its seats grant again until its end date; audited',
      stage: 'full',
      permission: 'companies.manage',
      request: ZCompanyFreezeRequest,
      response: ZCompanyAnswer,
      errors: [...SESSION_ERRORS, Code.companyNotFound],
    }),
  },
  codes: {
    batches: consoleCall({
      path: '/codes/batches',
      summary: 'Batches of redeem codes, newest first, each with how many of its codes are in each state; paged',
      stage: 'full',
      permission: 'codes.read',
      request: ZBatchListRequest,
      response: ZBatchListResponse,
      errors: SESSION_ERRORS,
    }),
    createBatch: consoleCall({
      path: '/codes/create-batch',
      summary:
        'Issues a batch of new codes (goods, days each grants, quantity ≤ 10 000, source, personal or company, validity in days), as `codes generate`; audited',
      stage: 'full',
      permission: 'codes.manage',
      request: ZBatchCreateRequest,
      response: ZBatchAnswer,
      errors: [...SESSION_ERRORS, Code.goodsNotFound],
    }),
    exportBatch: consoleCall({
      path: '/codes/batch-export',
      summary: "The batch's codes as CSV (serial number, code, goods, kind, days, source, validity, state)",
      stage: 'full',
      permission: 'codes.read',
      request: ZBatchRef,
      response: ZBatchExportResponse,
      answer: 'csv',
      errors: [...SESSION_ERRORS, Code.redeemBatchNotFound],
    }),
    abolishBatch: consoleCall({
      path: '/codes/abolish-batch',
      summary:
        'Voids a batch: every code of it not yet redeemed becomes abolished (redeemed ones stay); audited with the reason',
      stage: 'full',
      permission: 'codes.manage',
      request: ZBatchAbolishRequest,
      response: ZBatchAbolishResponse,
      errors: [...SESSION_ERRORS, Code.redeemBatchNotFound, Code.redeemBatchAbolished],
    }),
    abolishCode: consoleCall({
      path: '/codes/abolish-code',
      summary: 'Voids one code not yet redeemed (state abolished); audited with the reason',
      stage: 'full',
      permission: 'codes.manage',
      request: ZCodeAbolishRequest,
      response: ZCodeAbolishResponse,
      errors: [...SESSION_ERRORS, Code.redeemCodeInvalid, Code.redeemCodeTransitionRefused],
    }),
    history: consoleCall({
      path: '/codes/history',
      summary:
        "One code in any spelling: its state and what happened to it (issued or bought, handed over, redeemed, the staff's actions)",
      stage: 'full',
      permission: 'codes.read',
      request: ZCodeRef,
      response: ZCodeHistoryResponse,
      errors: [...SESSION_ERRORS, Code.redeemCodeInvalid],
    }),
  },
  coupons: {
    campaigns: consoleCall({
      path: '/coupons/campaigns',
      summary: 'Coupon campaigns, newest first, each with its state and how many were issued and redeemed; paged',
      stage: 'full',
      permission: 'coupons.read',
      request: ZCampaignListRequest,
      response: ZCampaignListResponse,
      errors: SESSION_ERRORS,
    }),
    create: consoleCall({
      path: '/coupons/create-campaign',
      summary:
        "Creates a campaign: amount (in the region's currency) or percent off, goods codes, validity, per-user and total limits, minimum charge; audited with the reason",
      stage: 'full',
      permission: 'coupons.manage',
      request: ZCampaignCreateRequest,
      response: ZCampaignAnswer,
      errors: [...SESSION_ERRORS, Code.goodsNotFound, Code.invalidParam],
    }),
    detail: consoleCall({
      path: '/coupons/campaign',
      summary: 'One campaign: its rules, the members it was issued to, its public codes and its uses with their orders',
      stage: 'full',
      permission: 'coupons.read',
      request: ZCampaignRef,
      response: ZCampaignDetail,
      errors: [...SESSION_ERRORS, Code.couponCampaignNotFound],
    }),
    issue: consoleCall({
      path: '/coupons/issue',
      summary:
        "Issues the campaign's coupon to members by account id, e-mail or mobile (all or none: an unknown one refuses the list); they see it under my coupons; audited with the reason",
      stage: 'full',
      permission: 'coupons.manage',
      request: ZCampaignIssueRequest,
      response: ZCampaignIssueResponse,
      errors: [...SESSION_ERRORS, Code.couponCampaignNotFound, Code.couponCampaignEnded, Code.couponRecipientsUnknown],
    }),
    addCodes: consoleCall({
      path: '/coupons/add-codes',
      summary:
        'Adds public codes to the campaign (a chosen one or random ones) that any member can type at checkout; audited with the reason',
      stage: 'full',
      permission: 'coupons.manage',
      request: ZCampaignCodesRequest,
      response: ZCampaignCodesResponse,
      errors: [...SESSION_ERRORS, Code.couponCampaignNotFound, Code.couponCampaignEnded, Code.couponCodeTaken],
    }),
    end: consoleCall({
      path: '/coupons/end-campaign',
      summary:
        'Ends the campaign: its coupons are void from now (orders that used them keep their discount); audited with the reason',
      stage: 'full',
      permission: 'coupons.manage',
      request: ZCampaignEndRequest,
      response: ZCampaignAnswer,
      errors: [...SESSION_ERRORS, Code.couponCampaignNotFound, Code.couponCampaignEnded],
    }),
  },
  offers: {
    list: consoleCall({
      path: '/offers/list',
      summary:
        "The offers of this region with their price in the region's currency: plans (the purchase page) and redeem codes (the redeem page), on sale or not; paged",
      stage: 'full',
      permission: 'offers.read',
      request: ZOfferListRequest,
      response: ZOfferListResponse,
      errors: SESSION_ERRORS,
    }),
    setPrice: consoleCall({
      path: '/offers/set-price',
      summary:
        "Sets an offer's price in the region's currency (a positive amount in minor units); members see it at their next call; audited with the price before and after",
      stage: 'full',
      permission: 'offers.manage',
      request: ZOfferPriceRequest,
      response: ZOfferAnswer,
      errors: [...SESSION_ERRORS, Code.consoleOfferNotFound, Code.consoleOfferCurrencyNotRegion],
    }),
    enable: consoleCall({
      path: '/offers/enable',
      summary: 'Puts an offer on sale; audited',
      stage: 'full',
      permission: 'offers.manage',
      request: ZOfferActiveRequest,
      response: ZOfferAnswer,
      errors: [...SESSION_ERRORS, Code.consoleOfferNotFound],
    }),
    disable: consoleCall({
      path: '/offers/disable',
      summary: 'Takes an offer off sale (members no longer see or buy it; orders already made stay); audited',
      stage: 'full',
      permission: 'offers.manage',
      request: ZOfferActiveRequest,
      response: ZOfferAnswer,
      errors: [...SESSION_ERRORS, Code.consoleOfferNotFound],
    }),
  },
  staff: {
    list: consoleCall({
      path: '/staff/list',
      summary:
        'Staff accounts by part of their email or name, with role, state, second factor and live sessions; paged',
      stage: 'full',
      permission: 'staff.read',
      request: ZStaffListRequest,
      response: ZStaffListResponse,
      errors: SESSION_ERRORS,
    }),
    create: consoleCall({
      path: '/staff/create',
      summary:
        'Creates a staff account with a role and a first password (as `staff create`); its first sign-in sets up an authenticator app; audited',
      stage: 'full',
      permission: 'staff.manage',
      request: ZStaffCreateRequest,
      response: ZStaffAnswer,
      errors: [
        ...SESSION_ERRORS,
        Code.staffEmailTaken,
        Code.invalidParam,
        Code.passwordPolicy,
        Code.passwordSameAsAccount,
        Code.passwordBreached,
      ],
    }),
    setRole: consoleCall({
      path: '/staff/set-role',
      summary:
        'Gives a staff account another role, from its next call; never the last enabled administrator; audited with the role before and after',
      stage: 'full',
      permission: 'staff.manage',
      request: ZStaffRoleRequest,
      response: ZStaffAnswer,
      errors: [...SESSION_ERRORS, Code.staffNotFound, Code.staffLastAdmin],
    }),
    disable: consoleCall({
      path: '/staff/disable',
      summary: 'Disables a staff account and ends its sessions; never the last enabled administrator; audited',
      stage: 'full',
      permission: 'staff.manage',
      request: ZStaffActionRequest,
      response: ZStaffAnswer,
      errors: [...SESSION_ERRORS, Code.staffNotFound, Code.staffLastAdmin],
    }),
    enable: consoleCall({
      path: '/staff/enable',
      summary: 'Enables a disabled staff account again; audited',
      stage: 'full',
      permission: 'staff.manage',
      request: ZStaffActionRequest,
      response: ZStaffAnswer,
      errors: [...SESSION_ERRORS, Code.staffNotFound],
    }),
    resetSecondFactor: consoleCall({
      path: '/staff/reset-second-factor',
      summary:
        "Removes a staff account's authenticator app and recovery codes and ends its sessions (as `staff reset-second-factor`): its next sign-in sets up a new app; audited",
      stage: 'full',
      permission: 'staff.manage',
      request: ZStaffActionRequest,
      response: ZStaffAnswer,
      errors: [...SESSION_ERRORS, Code.staffNotFound],
    }),
    endSessions: consoleCall({
      path: '/staff/end-sessions',
      summary: 'Ends every session of a staff account (its next call asks to sign in); audited',
      stage: 'full',
      permission: 'staff.manage',
      request: ZStaffActionRequest,
      response: ZStaffEndSessionsResponse,
      errors: [...SESSION_ERRORS, Code.staffNotFound],
    }),
  },
  audit: {
    list: consoleCall({
      path: '/audit/list',
      summary: 'The staff audit, newest first, filtered by staff, action, target and time',
      stage: 'full',
      permission: 'audit.read',
      request: ZAuditListRequest,
      response: ZAuditListResponse,
      errors: SESSION_ERRORS,
    }),
    export: consoleCall({
      path: '/audit/export',
      summary: 'The same rows as CSV (at most 10 000)',
      stage: 'full',
      permission: 'audit.read',
      request: ZAuditFilter,
      response: ZAuditExportResponse,
      answer: 'csv',
      errors: SESSION_ERRORS,
    }),
  },
};

/** Every console call, for the server to register and the tests to walk. */
export const allConsoleCalls: readonly ConsoleCall[] = Object.values(consoleCalls).flatMap((g) => Object.values(g));
