import { calls } from '@ac/protocol/calls';
import type { TClientInfo } from '@ac/protocol/envelope';
import { defineCall } from '../../envelope/call.ts';
import type { Actor, CompanyService } from './company.service.ts';

const inviteLimit = { max: 20, timeWindow: '1 hour' };
const tokenLimit = { max: 30, timeWindow: '1 minute' };

export function createCompanyCalls(d: { companies: CompanyService }) {
  const actor = (c: {
    session: { userId: string };
    clientInfo: TClientInfo;
    ip: string;
    requestId: string;
  }): Actor => ({
    userId: c.session.userId,
    language: c.clientInfo.language,
    ip: c.ip,
    requestId: c.requestId,
  });
  return [
    defineCall(calls.company.companyInfo, {
      handler: ({ session }) => d.companies.companyInfo(session.userId),
    }),
    defineCall(calls.company.overview, {
      handler: ({ session }) => d.companies.overview(session.userId),
    }),
    defineCall(calls.company.setRequireTwoFactor, {
      handler: (c) => d.companies.setRequireTwoFactor(actor(c), c.payload.on),
    }),
    defineCall(calls.company.members, {
      handler: ({ session }) => d.companies.members(session.userId),
    }),
    defineCall(calls.company.invite, {
      rateLimit: inviteLimit,
      async handler(c) {
        await d.companies.invite(actor(c), c.payload.email);
        return {};
      },
    }),
    defineCall(calls.company.cancelInvitation, {
      async handler(c) {
        await d.companies.cancelInvitation(actor(c), c.payload.id);
        return {};
      },
    }),
    defineCall(calls.company.removeMember, {
      async handler(c) {
        await d.companies.removeMember(actor(c), c.payload.userId);
        return {};
      },
    }),
    defineCall(calls.company.assignSeat, {
      async handler(c) {
        await d.companies.assignSeat(actor(c), c.payload.userId, c.payload.goodsCode);
        return {};
      },
    }),
    defineCall(calls.company.releaseSeat, {
      async handler(c) {
        await d.companies.releaseSeat(actor(c), c.payload.userId, c.payload.goodsCode);
        return {};
      },
    }),
    defineCall(calls.company.invitation, {
      rateLimit: tokenLimit,
      handler: ({ payload }) => d.companies.invitation(payload.token),
    }),
    defineCall(calls.company.acceptInvitation, {
      rateLimit: tokenLimit,
      handler: (c) => d.companies.acceptInvitation(actor(c), c.payload.token),
    }),
  ];
}
