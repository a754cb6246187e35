import { Code } from '@ac/protocol/codes';
import type { TLanguage, TRegion } from '@ac/protocol/enums';
import {
  ZCheckResetLinkResponse,
  ZLinkRequest,
  ZResetByLinkRequest,
  ZSendFindPwdEmailRequest,
  ZUpdate4FindpwdCnRequest,
} from '@ac/protocol/registration';
import { z } from 'zod';
import { defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { RecoveryService } from './recovery.service.ts';

type Deps = { recovery: RecoveryService; audit: AuditRepo; region: TRegion; defaultLanguage: TLanguage };

const mailLimit = { max: 20, timeWindow: '1 minute' };
const linkLimit = { max: 30, timeWindow: '1 minute' };
const policyCodes = [Code.passwordPolicy, Code.passwordBreached, Code.passwordSameAsAccount];

export function createRecoveryCalls(d: Deps) {
  const lang = (language: string | undefined) => messageLanguage(language, d.defaultLanguage);
  return [
    defineCall({
      path: '/user/v5/profile/sendFindPwdEmail',
      summary:
        'Mail a password reset link (1 h, single use): `/site/password/reset/{id}` overseas, `/password/reset/{id}` ' +
        'in China (`/h5/reset/{id}` with `h5: true`). The same `{}` whether or not the address has an account; at ' +
        'most one mail a minute, 5 an hour, 10 a day per address.',
      tag: 'recovery',
      auth: false,
      rateLimit: mailLimit,
      request: ZSendFindPwdEmailRequest,
      response: z.object({}),
      errors: [Code.mailSendTooSoon, Code.tooManyRequests],
      async handler({ payload, clientInfo, ip, requestId }) {
        const page = payload.h5 && d.region === 'cn' ? 'h5' : 'page';
        await d.recovery.sendFindPwdEmail(payload.email, lang(clientInfo.language), page);
        await d.audit.record({ event: 'reset.mail', ip, requestId });
        return {};
      },
    }),
    defineCall({
      path: '/user/v5/profile/checkResetLink',
      summary: 'Check a reset link before showing the new-password form: `{valid:true}` or 1200003.',
      tag: 'recovery',
      auth: false,
      rateLimit: linkLimit,
      request: ZLinkRequest,
      response: ZCheckResetLinkResponse,
      errors: [Code.resetLinkInvalid],
      async handler({ payload }) {
        await d.recovery.checkResetLink(payload.id);
        return { valid: true as const };
      },
    }),
    defineCall({
      path: '/user/v5/profile/update4Findpwd',
      summary:
        d.region === 'cn'
          ? 'Set a new password with a reset link `{id, password}` or an SMS code of purpose findPwd ' +
            '`{mobile, code, password}`; every session of the user ends and a notice is sent.'
          : 'Set a new password with a reset link `{id, password}`; every session of the user ends and a notice ' +
            'mail is sent. A used or expired link answers 1200003.',
      tag: 'recovery',
      auth: false,
      rateLimit: linkLimit,
      request: d.region === 'cn' ? ZUpdate4FindpwdCnRequest : ZResetByLinkRequest,
      response: z.object({}),
      errors: [Code.resetLinkInvalid, ...(d.region === 'cn' ? [Code.codeInvalid] : []), ...policyCodes],
      async handler({ payload, clientInfo, ip, requestId }) {
        const userId =
          'id' in payload
            ? await d.recovery.resetByLink(payload, lang(clientInfo.language))
            : await d.recovery.resetByCode(payload, lang(clientInfo.language));
        await d.audit.record({
          event: 'password.reset',
          userId,
          ip,
          requestId,
          detail: { by: 'id' in payload ? 'link' : 'code' },
        });
        return {};
      },
    }),
  ];
}
