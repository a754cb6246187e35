/** The enterprise: a company's seats and members, invitations (docs/product.md#enterprise). */
import { z } from 'zod';
import { ZEmail, ZTime } from './common.ts';
import { COMPANY_ROLES, COMPANY_STATUSES, FREEZE_STATUSES } from './enums.ts';

/** An invitation link is valid this long and works once. */
export const INVITATION_DAYS = 7;

export const ZSeat = z.object({
  goodsCode: z.string(),
  goodsName: z.string(),
  total: z.number().int(),
  used: z.number().int(),
  /** Whether the caller holds one of these seats. */
  mine: z.boolean(),
});
export type TSeat = z.infer<typeof ZSeat>;

export const ZCompanyOverview = z.object({
  companyId: z.string(),
  companyName: z.string(),
  role: z.enum(COMPANY_ROLES),
  companyStatus: z.enum(COMPANY_STATUSES),
  freezeStatus: z.enum(FREEZE_STATUSES),
  endTime: ZTime,
  /** Active, not frozen and not past its end time: its seats grant their goods now. */
  granting: z.boolean(),
  /** Members must use two-step verification (set by an admin; docs/product.md#enterprise). */
  requireTwoFactor: z.boolean(),
  seats: z.array(ZSeat),
});
export type TCompanyOverview = z.infer<typeof ZCompanyOverview>;

export const ZCompanyMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(COMPANY_ROLES),
  joinedAt: ZTime,
  /** Goods codes of the seats the member holds. */
  seats: z.array(z.string()),
});
export type TCompanyMember = z.infer<typeof ZCompanyMember>;

export const ZCompanyInvitation = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: ZTime,
  expiresAt: ZTime,
});
export type TCompanyInvitation = z.infer<typeof ZCompanyInvitation>;

export const ZCompanyMembers = z.object({
  rows: z.array(ZCompanyMember),
  invitations: z.array(ZCompanyInvitation),
});
export type TCompanyMembers = z.infer<typeof ZCompanyMembers>;

export const ZInviteRequest = z.object({ email: ZEmail });
export type TInviteRequest = z.infer<typeof ZInviteRequest>;
export const ZInvitationId = z.object({ id: z.string().uuid() });
export const ZRequireTwoFactorRequest = z.object({ on: z.boolean() });
export const ZMemberRequest = z.object({ userId: z.string().uuid() });
export const ZSeatRequest = z.object({ userId: z.string().uuid(), goodsCode: z.string().min(1).max(64) });
export type TSeatRequest = z.infer<typeof ZSeatRequest>;

export const ZInvitationToken = z.object({ token: z.string().min(10).max(100) });
export const ZInvitationPreview = z.object({ companyName: z.string(), email: z.string(), expiresAt: ZTime });
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;
