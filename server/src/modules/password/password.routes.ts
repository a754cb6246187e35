import { Code } from '@ac/protocol/codes';
import { ZUpdatePasswordRequest } from '@ac/protocol/profile';
import { z } from 'zod';
import { defineCall } from '../../envelope/call.ts';
import type { PasswordService } from './password.service.ts';

type Deps = { passwords: PasswordService };

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
        await d.passwords.change(session, payload, { ip, requestId, language: clientInfo.language });
        return {};
      },
    }),
  ];
}
