import { ZEmpty } from '@ac/protocol/common';
import { ZCompanyInfo } from '@ac/protocol/session';
import { defineCall } from '../../envelope/call.ts';
import type { CompanyService } from './company.service.ts';

export function createCompanyCalls(d: { companies: CompanyService }) {
  return [
    defineCall({
      path: '/company/v5/member/getCompanyInfoByToken',
      summary: "The user's company and role, or null",
      tag: 'company',
      auth: true,
      request: ZEmpty,
      response: ZCompanyInfo,
      handler: ({ session }) => d.companies.companyInfo(session.userId),
    }),
  ];
}
