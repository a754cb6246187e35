import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLanguage, TRegion } from '@ac/protocol/enums';
import { defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { RegistrationService } from './registration.service.ts';

type Deps = { registration: RegistrationService; audit: AuditRepo; region: TRegion; defaultLanguage: TLanguage };

const registerLimit = { max: 10, timeWindow: '1 minute' };
const mailLimit = { max: 20, timeWindow: '1 minute' };
const linkLimit = { max: 30, timeWindow: '1 minute' };
const _policyCodes = [Code.passwordPolicy, Code.passwordBreached, Code.passwordSameAsAccount];

export function createRegistrationCalls(d: Deps) {
  const registerByEmail = defineCall(calls.registration.registerByEmail, {
    rateLimit: registerLimit,
    async handler({ payload, clientInfo, ip, requestId }) {
      const userId = await d.registration.registerByEmail(
        payload,
        messageLanguage(clientInfo.language, d.defaultLanguage),
      );
      await d.audit.record({ event: userId ? 'register' : 'register.existing', userId, ip, requestId });
      return {};
    },
  });

  const registerByMobile = defineCall(calls.registration.registerByMobile, {
    rateLimit: registerLimit,
    async handler({ payload, ip, requestId }) {
      const userId = await d.registration.registerByMobile(payload);
      await d.audit.record({ event: 'register', userId, ip, requestId, detail: { channel: 'sms' } });
      return {};
    },
  });

  return [
    d.region === 'cn' ? registerByMobile : registerByEmail,
    defineCall(calls.registration.sendActivateEmail, {
      rateLimit: mailLimit,
      async handler({ payload, clientInfo, ip, requestId }) {
        await d.registration.sendActivateEmail(payload.email, messageLanguage(clientInfo.language, d.defaultLanguage));
        await d.audit.record({ event: 'activation.mail', ip, requestId });
        return {};
      },
    }),
    defineCall(calls.registration.toActivate, {
      rateLimit: linkLimit,
      async handler({ payload, ip, requestId }) {
        const userId = await d.registration.activate(payload.id);
        await d.audit.record({ event: 'activate', userId, ip, requestId });
        return {};
      },
    }),
  ];
}
