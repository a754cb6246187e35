import { calls } from '@ac/protocol/calls';
import type { TRegion } from '@ac/protocol/enums';
import { defineCall } from '../../envelope/call.ts';
import type { RegistrationService } from './registration.service.ts';

type Deps = { registration: RegistrationService; region: TRegion };

const registerLimit = { max: 10, timeWindow: '1 minute' };
const mailLimit = { max: 20, timeWindow: '1 minute' };
const linkLimit = { max: 30, timeWindow: '1 minute' };

export function createRegistrationCalls(d: Deps) {
  const registerByEmail = defineCall(calls.registration.registerByEmail, {
    rateLimit: registerLimit,
    async handler({ payload, clientInfo, ip, requestId }) {
      await d.registration.registerByEmail(payload, { ip, requestId, language: clientInfo.language });
      return {};
    },
  });

  const registerByMobile = defineCall(calls.registration.registerByMobile, {
    rateLimit: registerLimit,
    async handler({ payload, clientInfo, ip, requestId }) {
      await d.registration.registerByMobile(payload, { ip, requestId, language: clientInfo.language });
      return {};
    },
  });

  return [
    d.region === 'cn' ? registerByMobile : registerByEmail,
    defineCall(calls.registration.sendActivateEmail, {
      rateLimit: mailLimit,
      async handler({ payload, clientInfo, ip, requestId }) {
        await d.registration.sendActivateEmail(payload.email, { ip, requestId, language: clientInfo.language });
        return {};
      },
    }),
    defineCall(calls.registration.toActivate, {
      rateLimit: linkLimit,
      async handler({ payload, ip, requestId }) {
        await d.registration.activate(payload.id, { ip, requestId });
        return {};
      },
    }),
  ];
}
