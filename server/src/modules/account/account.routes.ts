import { Code } from '@ac/protocol/codes';
import { ZCancelAccountRequest } from '@ac/protocol/profile';
import { z } from 'zod';
import { defineCall } from '../../envelope/call.ts';
import { clearTicketCookie } from '../../lib/ticket-cookie.ts';
import type { AccountService } from './account.service.ts';

type Deps = { accounts: AccountService; publicUrl: string };

export function createAccountCalls(d: Deps) {
  return [
    defineCall({
      path: '/user/v5/sysuser/userCancelAccount',
      summary:
        'Delete the account: agreement accepted, code sent to the own mobile or email (purpose cancelAccount); every session ends',
      tag: 'profile',
      auth: true,
      rateLimit: { max: 10, timeWindow: '1 minute' },
      request: ZCancelAccountRequest,
      response: z.object({}),
      errors: [Code.codeInvalid],
      async handler({ payload, session, clientInfo, ip, requestId, reply }) {
        await d.accounts.cancel(session.userId, payload, { ip, requestId, language: clientInfo.language });
        clearTicketCookie(reply, d.publicUrl);
        return {};
      },
    }),
  ];
}
