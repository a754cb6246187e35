import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import { iso } from '../../lib/time.ts';
import type { createCompanyRepo } from './company.repo.ts';

export function createCompanyCalls(d: { companies: ReturnType<typeof createCompanyRepo> }) {
  return [
    defineCall(calls.company.companyInfo, {
      async handler({ session }) {
        const c = await d.companies.companyOfUser(session.userId);
        return c ? { ...c, endTime: iso(c.endTime) } : null;
      },
    }),
  ];
}
