import { calls } from '@ac/protocol/calls';
import type { TLanguage } from '@ac/protocol/enums';
import type { Notifier } from '../../adapters/notices.ts';
import { defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { passwordChangedText } from '../../i18n/mail-texts.ts';
import type { PasswordService } from './password.service.ts';

type Deps = { passwords: PasswordService; notifier: Notifier; defaultLanguage: TLanguage };

export function createPasswordCalls(d: Deps) {
  return [
    defineCall(calls.password.update, {
      rateLimit: { max: 20, timeWindow: '1 minute' },
      async handler({ payload, session, clientInfo, ip, requestId }) {
        const to = await d.passwords.change(session, payload, { ip, requestId });
        const language = messageLanguage(clientInfo.language, d.defaultLanguage);
        await d.notifier.send(to, passwordChangedText, { language });
        return {};
      },
    }),
  ];
}
