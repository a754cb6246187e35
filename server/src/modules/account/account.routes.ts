import { calls } from '@ac/protocol/calls';
import type { TLanguage } from '@ac/protocol/enums';
import type { Notifier } from '../../adapters/notices.ts';
import { defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { accountDeletedText } from '../../i18n/mail-texts.ts';
import { clearTicketCookie } from '../../lib/ticket-cookie.ts';
import type { AccountService } from './account.service.ts';

type Deps = { accounts: AccountService; notifier: Notifier; defaultLanguage: TLanguage; publicUrl: string };

export function createAccountCalls(d: Deps) {
  return [
    defineCall(calls.account.cancel, {
      rateLimit: { max: 10, timeWindow: '1 minute' },
      async handler({ payload, session, clientInfo, ip, requestId, reply }) {
        const to = await d.accounts.cancel(session.userId, payload, { ip, requestId });
        clearTicketCookie(reply, d.publicUrl);
        const language = messageLanguage(clientInfo.language, d.defaultLanguage);
        // transient: once delivered, the farewell leaves no copy of the address behind
        await d.notifier.send(to, accountDeletedText, { language, transient: true });
        return {};
      },
    }),
  ];
}
