/**
 * The enterprise (docs/product.md#enterprise): the user's company, its
 * seats, and for a company admin the members, invitations and seat
 * assignments. A member who is not an admin gets 1300001 from the admin calls.
 */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import {
  ZCompanyMembers,
  ZCompanyOverview,
  ZInvitationId,
  ZInvitationPreview,
  ZInvitationToken,
  ZInviteRequest,
  ZMemberRequest,
  ZRequireTwoFactorRequest,
  ZSeatRequest,
} from '../company.ts';
import { defineContract } from '../contract.ts';
import { ZCompanyInfo } from '../session.ts';

const ZOk = z.object({});
const admin = [Code.notCompanyMember, Code.noPermission] as const;

export const company = {
  companyInfo: defineContract({
    path: '/company/v5/member/getCompanyInfoByToken',
    summary: "The user's company and role, or null",
    tag: 'company',
    auth: true,
    request: ZEmpty,
    response: ZCompanyInfo,
  }),
  overview: defineContract({
    path: '/company/v5/member/overview',
    summary: "The user's company: status, end time, seats used and total per goods code",
    tag: 'company',
    auth: true,
    request: ZEmpty,
    response: ZCompanyOverview,
    errors: [Code.notCompanyMember],
  }),
  setRequireTwoFactor: defineContract({
    path: '/company/v5/admin/requireTwoFactor',
    summary:
      'Company admin: require two-step verification of every member (those without it enrol at their next sign-in) or stop requiring it; answers the overview',
    tag: 'company',
    auth: true,
    request: ZRequireTwoFactorRequest,
    response: ZCompanyOverview,
    errors: admin,
  }),
  members: defineContract({
    path: '/company/v5/admin/members',
    summary: 'Company admin: the members with their seats, and the open invitations',
    tag: 'company',
    auth: true,
    request: ZEmpty,
    response: ZCompanyMembers,
    errors: admin,
  }),
  invite: defineContract({
    path: '/company/v5/admin/invite',
    summary: 'Company admin: mail a single-use invitation link to an address',
    tag: 'company',
    auth: true,
    request: ZInviteRequest,
    response: ZOk,
    errors: [...admin, Code.invitationAlreadyMember, Code.tooManyRequests],
  }),
  cancelInvitation: defineContract({
    path: '/company/v5/admin/cancelInvitation',
    summary: 'Company admin: withdraw an open invitation',
    tag: 'company',
    auth: true,
    request: ZInvitationId,
    response: ZOk,
    errors: [...admin, Code.invitationInvalid],
  }),
  removeMember: defineContract({
    path: '/company/v5/admin/removeMember',
    summary: 'Company admin: remove a member (the owner stays); their seats are released',
    tag: 'company',
    auth: true,
    request: ZMemberRequest,
    response: ZOk,
    errors: [...admin, Code.companyMemberNotFound],
  }),
  assignSeat: defineContract({
    path: '/company/v5/admin/assignSeat',
    summary: 'Company admin: give a member a seat of a goods code',
    tag: 'company',
    auth: true,
    request: ZSeatRequest,
    response: ZOk,
    errors: [...admin, Code.companyMemberNotFound, Code.seatNotInCompany, Code.seatsExhausted],
  }),
  releaseSeat: defineContract({
    path: '/company/v5/admin/releaseSeat',
    summary: "Company admin: take back a member's seat of a goods code",
    tag: 'company',
    auth: true,
    request: ZSeatRequest,
    response: ZOk,
    errors: [...admin, Code.companyMemberNotFound],
  }),
  invitation: defineContract({
    path: '/company/v5/invitation/preview',
    summary: 'The company and address an invitation link is for',
    tag: 'company',
    auth: true,
    request: ZInvitationToken,
    response: ZInvitationPreview,
    errors: [Code.invitationInvalid],
  }),
  acceptInvitation: defineContract({
    path: '/company/v5/invitation/accept',
    summary: "Join the company with an invitation link sent to the account's email",
    tag: 'company',
    auth: true,
    request: ZInvitationToken,
    response: ZCompanyInfo,
    errors: [Code.invitationInvalid, Code.invitationOtherEmail, Code.alreadyInCompany],
  }),
};
