/** The request and answer shapes of the console calls (docs/decisions/0038-operator-console.md). */
import { z } from 'zod';
import { ZOrderRow, ZRedeemRow } from '../commerce.ts';
import { ZEmpty, ZListResponse, ZTime } from '../common.ts';
import { ZCompanyOverview } from '../company.ts';
import { ZActiveSession, ZDeviceRow } from '../devices.ts';
import { ZBindThirdPartyRow } from '../third-party.ts';
import { MAX_EXTENSION_DAYS, STAFF_PERMISSIONS, ZStaffRole } from './staff.ts';

export { ZEmpty };

/**
 * Where a staff session stands: the password is checked; an authenticator app is still to be set
 * up (no second factor yet), or its code is still due, or the second factor is done.
 */
export const STAFF_STAGES = ['enrolSecondFactor', 'secondFactor', 'signedIn'] as const;
export type TStaffStage = (typeof STAFF_STAGES)[number];
export const ZStaffMe = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: ZStaffRole,
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
  stage: z.enum(STAFF_STAGES),
  /** Send it as the x-csrf-token header with every call but sign-in. */
  csrfToken: z.string(),
});
export type TStaffMe = z.infer<typeof ZStaffMe>;

export const ZStaffSignInRequest = z.object({
  email: z.string().trim().toLowerCase().min(3).max(254),
  password: z.string().min(1).max(256),
});
/** An authenticator app's code (six digits) or a recovery code (`xxxxx-xxxxx`). */
export const ZSecondFactorRequest = z.object({ code: z.string().trim().min(6).max(32) });
/** The first code of the authenticator app being set up. */
export const ZStaffEnrolConfirmRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
/** The recovery codes, shown once, and the session, now complete. */
export const ZStaffEnrolConfirmResponse = z.object({ recoveryCodes: z.array(z.string()), me: ZStaffMe });

/** A reason people read later in the audit: required for every change of member data. */
export const ZReason = z.string().trim().min(3).max(500);

const ZPaging = {
  pageNo: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};

export const ZUserSearchRequest = z.object({ query: z.string().trim().min(1).max(200), ...ZPaging });
export const ZUserHit = z.object({
  id: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  name: z.string(),
  nickName: z.string(),
  company: z.string().nullable(),
  registeredAt: ZTime,
  activated: z.boolean(),
  blocked: z.boolean(),
  /** What matched: email, mobile, id, nickName, name, company, order, redeemCode, device. */
  matched: z.array(z.string()),
});
export type TUserHit = z.infer<typeof ZUserHit>;
export const ZUserSearchResponse = ZListResponse(ZUserHit);

export const ZUserRef = z.object({ userId: z.string().uuid() });
export const ZMembershipWithSource = z.object({
  goodsCode: z.string(),
  startTime: ZTime,
  endTime: ZTime,
  sourceType: z.string(),
  sourceId: z.string(),
  live: z.boolean(),
});
export const ZUserView = z.object({
  profile: ZUserHit.omit({ matched: true }).extend({
    lastLoginAt: ZTime.nullable(),
    blockedAt: ZTime.nullable(),
    location: z.string().nullable(),
    position: z.string().nullable(),
  }),
  memberships: z.array(ZMembershipWithSource),
  orders: z.array(ZOrderRow),
  ordersTotal: z.number().int(),
  redeemCodes: z.array(ZRedeemRow),
  devices: z.array(ZDeviceRow),
  sessions: z.array(ZActiveSession),
  bindings: z.array(ZBindThirdPartyRow),
  company: ZCompanyOverview.nullable(),
});
export type TUserView = z.infer<typeof ZUserView>;

export const ZEndSessionsRequest = ZUserRef.extend({ reason: ZReason });
export const ZEndSessionsResponse = z.object({ ended: z.number().int() });
export const ZBlockRequest = ZUserRef.extend({ reason: ZReason });
export const ZExtendRequest = ZUserRef.extend({
  goodsCode: z.string().trim().min(1).max(32),
  days: z.number().int().min(1).max(MAX_EXTENSION_DAYS),
  reason: ZReason,
});
export const ZExtendResponse = z.object({ orderNo: z.string(), endTime: ZTime });
export const ZResendActivationRequest = ZUserRef.extend({ reason: ZReason });
/** Where the new activation link was mailed. */
export const ZResendActivationResponse = z.object({ email: z.string() });
export const ZUnbindDeviceRequest = ZUserRef.extend({ deviceId: z.string().trim().min(1).max(64), reason: ZReason });
export const ZUnbindDeviceResponse = z.object({ sessionsEnded: z.number().int() });
export const ZUnlockLoginRequest = ZUserRef.extend({ reason: ZReason });
/** The identifiers (email, mobile) whose login failure counters and locks were cleared. */
export const ZUnlockLoginResponse = z.object({ identifiers: z.number().int(), locked: z.boolean() });

export const ZAuditFilter = z.object({
  staffEmail: z.string().trim().toLowerCase().max(254).optional(),
  action: z.string().trim().max(64).optional(),
  targetId: z.string().trim().max(128).optional(),
  from: ZTime.optional(),
  to: ZTime.optional(),
});
export const ZAuditListRequest = ZAuditFilter.extend(ZPaging);
export const ZAuditRow = z.object({
  id: z.number().int(),
  at: ZTime,
  staffId: z.string(),
  staffEmail: z.string(),
  role: ZStaffRole,
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;
export const ZAuditListResponse = ZListResponse(ZAuditRow);
/** The CSV export: the rows of the filter, newest first, at most this many. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
export const ZAuditExportResponse = z.string();
