import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import {
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  ZSendCodeResponse,
  ZSendEmailCodeRequest,
  ZSendSmsCodeRequest,
} from '@ac/protocol/verification';
import type { Mailer } from '../../adapters/mail.ts';
import { codeMessageText, messageLanguage } from '../../adapters/messages.ts';
import type { SmsSender } from '../../adapters/sms.ts';
import { defineCall } from '../../envelope/call.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { SessionRepo } from '../session/session.repo.ts';
import type { CodesService } from './codes.service.ts';

type Deps = {
  codes: CodesService;
  mailer: Mailer;
  sms: SmsSender;
  users: Pick<SessionRepo, 'findUserByAccount'>;
  audit: AuditRepo;
  defaultLanguage: TLanguage;
};

const limit = { max: 20, timeWindow: '1 minute' };

export function createCodesCalls(d: Deps) {
  /** Login codes: the same answer whether or not the account exists; mail only to real ones. */
  async function issueLoginCode(target: string, send: (code: string) => Promise<void>) {
    const code = await d.codes.issue('login', target);
    if (await d.users.findUserByAccount(target)) await send(code);
    return { resendAfter: CODE_RESEND_SECONDS };
  }

  return [
    defineCall({
      path: '/user/v5/profile/sendEmailCode',
      summary: 'Send a verification code by mail',
      tag: 'codes',
      auth: false,
      rateLimit: limit,
      request: ZSendEmailCodeRequest,
      response: ZSendCodeResponse,
      errors: [Code.codeSendTooSoon, Code.tooManyRequests],
      async handler({ payload, clientInfo, ip, requestId }) {
        const lang = messageLanguage(clientInfo.language, d.defaultLanguage);
        const answer = await issueLoginCode(payload.email, (code) =>
          d.mailer.send({ to: payload.email, ...codeMessageText(lang, code, CODE_TTL_MINUTES) }),
        );
        await d.audit.record({
          event: 'code.sent',
          ip,
          requestId,
          detail: { channel: 'mail', purpose: payload.purpose },
        });
        return answer;
      },
    }),
    defineCall({
      path: '/user/v5/profile/sendSmsCode',
      summary: 'Send a verification code by SMS',
      tag: 'codes',
      auth: false,
      rateLimit: limit,
      request: ZSendSmsCodeRequest,
      response: ZSendCodeResponse,
      errors: [Code.codeSendTooSoon, Code.tooManyRequests],
      async handler({ payload, clientInfo, ip, requestId }) {
        const lang = messageLanguage(clientInfo.language, d.defaultLanguage);
        const answer = await issueLoginCode(payload.mobile, (code) =>
          d.sms.send({ to: payload.mobile, text: codeMessageText(lang, code, CODE_TTL_MINUTES).text }),
        );
        await d.audit.record({
          event: 'code.sent',
          ip,
          requestId,
          detail: { channel: 'sms', purpose: payload.purpose },
        });
        return answer;
      },
    }),
  ];
}
