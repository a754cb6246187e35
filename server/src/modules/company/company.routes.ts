import { ZEmpty } from '@ac/protocol/common';
import { ZCompanyInfo } from '@ac/protocol/session';
import { defineCall } from '../../envelope/call.ts';
import { iso } from '../../lib/time.ts';
import type { createCompanyRepo } from './company.repo.ts';

export function createCompanyCalls(d: { companies: ReturnType<typeof createCompanyRepo> }) {
  return [
    defineCall({
      path: '/company/v5/member/getCompanyInfoByToken',
      summary: "The user's company and role, or null",
      tag: 'company',
      auth: true,
      request: ZEmpty,
      response: ZCompanyInfo,
      async handler({ session }) {
        const c = await d.companies.companyOfUser(session.userId);
        return c ? { ...c, endTime: iso(c.endTime) } : null;
      },
    }),
  ];
}
