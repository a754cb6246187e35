import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { PasswordService } from './password.service.ts';

type Deps = { passwords: PasswordService };

export function createPasswordCalls(d: Deps) {
  return [
    defineCall(calls.password.update, {
      rateLimit: { max: 20, timeWindow: '1 minute' },
      async handler({ payload, session, clientInfo, ip, requestId }) {
        await d.passwords.change(session, payload, { ip, requestId, language: clientInfo.language });
        return {};
      },
    }),
  ];
}
