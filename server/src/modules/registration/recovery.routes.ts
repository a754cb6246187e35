import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLanguage, TRegion } from '@ac/protocol/enums';
import type { TUpdate4FindpwdCnRequest } from '@ac/protocol/registration';
import { type CallContext, defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { RecoveryService } from './recovery.service.ts';

type Deps = { recovery: RecoveryService; audit: AuditRepo; region: TRegion; defaultLanguage: TLanguage };

const mailLimit = { max: 20, timeWindow: '1 minute' };
const linkLimit = { max: 30, timeWindow: '1 minute' };
const _policyCodes = [Code.passwordPolicy, Code.passwordBreached, Code.passwordSameAsAccount];

export function createRecoveryCalls(d: Deps) {
  const lang = (language: string | undefined) => messageLanguage(language, d.defaultLanguage);
  /** A reset by link (both regions) or by SMS code (China). */
  async function resetPassword({ payload, clientInfo, ip, requestId }: CallContext<TUpdate4FindpwdCnRequest, false>) {
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
  }

  return [
    defineCall(calls.recovery.sendFindPwdEmail, {
      rateLimit: mailLimit,
      async handler({ payload, clientInfo, ip, requestId }) {
        const page = payload.h5 && d.region === 'cn' ? 'h5' : 'page';
        await d.recovery.sendFindPwdEmail(payload.email, lang(clientInfo.language), page);
        await d.audit.record({ event: 'reset.mail', ip, requestId });
        return {};
      },
    }),
    defineCall(calls.recovery.checkResetLink, {
      rateLimit: linkLimit,
      async handler({ payload }) {
        await d.recovery.checkResetLink(payload.id);
        return { valid: true as const };
      },
    }),
    d.region === 'cn'
      ? defineCall(calls.recovery.resetByLinkOrCode, { rateLimit: linkLimit, handler: resetPassword })
      : defineCall(calls.recovery.resetByLink, { rateLimit: linkLimit, handler: resetPassword }),
  ];
}
