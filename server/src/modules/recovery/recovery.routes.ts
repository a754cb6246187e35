import { calls } from '@ac/protocol/calls';
import type { TRegion } from '@ac/protocol/enums';
import type { TUpdate4FindpwdCnRequest } from '@ac/protocol/registration';
import { type CallContext, defineCall } from '../../envelope/call.ts';
import type { RecoveryService } from './recovery.service.ts';

type Deps = { recovery: RecoveryService; region: TRegion };

const mailLimit = { max: 20, timeWindow: '1 minute' };
const linkLimit = { max: 30, timeWindow: '1 minute' };

export function createRecoveryCalls(d: Deps) {
  /** A reset by link (both regions) or by SMS code (China). */
  async function resetPassword({ payload, clientInfo, ip, requestId }: CallContext<TUpdate4FindpwdCnRequest, false>) {
    await d.recovery.reset(payload, { ip, requestId, language: clientInfo.language });
    return {};
  }

  return [
    defineCall(calls.recovery.sendFindPwdEmail, {
      rateLimit: mailLimit,
      async handler({ payload, clientInfo, ip, requestId }) {
        const page = payload.h5 && d.region === 'cn' ? 'h5' : 'page';
        await d.recovery.sendFindPwdEmail(payload.email, page, { ip, requestId, language: clientInfo.language });
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
