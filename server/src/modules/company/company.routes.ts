import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { CompanyService } from './company.service.ts';

export function createCompanyCalls(d: { companies: CompanyService }) {
  return [
    defineCall(calls.company.companyInfo, {
      handler: ({ session }) => d.companies.companyInfo(session.userId),
    }),
  ];
}
