import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import { ZUpdatePasswordRequest } from '@ac/protocol/profile';
import { z } from 'zod';
import type { Notifier } from '../../adapters/notices.ts';
import { defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { passwordChangedText } from '../../i18n/mail-texts.ts';
import type { PasswordService } from './password.service.ts';

type Deps = { passwords: PasswordService; notifier: Notifier; defaultLanguage: TLanguage };

export function createPasswordCalls(d: Deps) {
  return [
    defineCall({
      path: '/user/v5/sysuser/updatePassword',
      summary:
        'Change the password, proven by the current one or by a code sent to the own mobile (purpose changePassword); other sessions end',
      tag: 'profile',
      auth: true,
      rateLimit: { max: 20, timeWindow: '1 minute' },
      request: ZUpdatePasswordRequest,
      response: z.object({}),
      errors: [
        Code.passwordWrong,
        Code.codeInvalid,
        Code.passwordPolicy,
        Code.passwordBreached,
        Code.passwordSameAsAccount,
        Code.tooManyRequests,
      ],
      async handler({ payload, session, clientInfo, ip, requestId }) {
        const to = await d.passwords.change(session, payload, { ip, requestId });
        const language = messageLanguage(clientInfo.language, d.defaultLanguage);
        await d.notifier.send(to, passwordChangedText, { language });
        return {};
      },
    }),
  ];
}
