import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import { clearTicketCookie } from '../../lib/ticket-cookie.ts';
import type { AccountService } from './account.service.ts';

type Deps = { accounts: AccountService; publicUrl: string };

export function createAccountCalls(d: Deps) {
  return [
    defineCall(calls.account.cancel, {
      rateLimit: { max: 10, timeWindow: '1 minute' },
      async handler({ payload, session, clientInfo, ip, requestId, reply }) {
        await d.accounts.cancel(session.userId, payload, { ip, requestId, language: clientInfo.language });
        clearTicketCookie(reply, d.publicUrl);
        return {};
      },
    }),
  ];
}
