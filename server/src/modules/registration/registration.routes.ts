import { Code } from '@ac/protocol/codes';
import type { TLanguage, TRegion } from '@ac/protocol/enums';
import {
  ZEmailOnlyRequest,
  ZLinkRequest,
  ZRegisterEmailRequest,
  ZRegisterMobileRequest,
} from '@ac/protocol/registration';
import { z } from 'zod';
import { defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { RegistrationService } from './registration.service.ts';

type Deps = { registration: RegistrationService; audit: AuditRepo; region: TRegion; defaultLanguage: TLanguage };

const registerLimit = { max: 10, timeWindow: '1 minute' };
const mailLimit = { max: 20, timeWindow: '1 minute' };
const linkLimit = { max: 30, timeWindow: '1 minute' };
const policyCodes = [Code.passwordPolicy, Code.passwordBreached, Code.passwordSameAsAccount];

export function createRegistrationCalls(d: Deps) {
  const registerByEmail = defineCall({
    path: '/user/v5/profile/register',
    summary:
      'Register with email (overseas). The account stays unactivated until the mailed link (24 h, single use) is ' +
      'opened; an address that already has an account gets a notice mail and the caller the same `{}`.',
    tag: 'registration',
    auth: false,
    rateLimit: registerLimit,
    request: ZRegisterEmailRequest,
    response: z.object({}),
    errors: [
      Code.agreementRequired,
      ...policyCodes,
      Code.accountOnOtherNode,
      Code.mailSendTooSoon,
      Code.tooManyRequests,
    ],
    async handler({ payload, clientInfo, ip, requestId }) {
      const userId = await d.registration.registerByEmail(
        payload,
        messageLanguage(clientInfo.language, d.defaultLanguage),
      );
      await d.audit.record({ event: userId ? 'register' : 'register.existing', userId, ip, requestId });
      return {};
    },
  });

  const registerByMobile = defineCall({
    path: '/user/v5/profile/register',
    summary:
      'Register with a mobile and an SMS code of purpose `register` (China); the account is active at once. ' +
      'A mobile that already has an account never received a code, so it answers 1000004 like a wrong code.',
    tag: 'registration',
    auth: false,
    rateLimit: registerLimit,
    request: ZRegisterMobileRequest,
    response: z.object({}),
    errors: [Code.agreementRequired, Code.codeInvalid, ...policyCodes, Code.accountOnOtherNode, Code.tooManyRequests],
    async handler({ payload, ip, requestId }) {
      const userId = await d.registration.registerByMobile(payload);
      await d.audit.record({ event: 'register', userId, ip, requestId, detail: { channel: 'sms' } });
      return {};
    },
  });

  return [
    d.region === 'cn' ? registerByMobile : registerByEmail,
    defineCall({
      path: '/user/v5/sysuser/sendActivateEmail',
      summary:
        'Mail a new activation link to an unactivated account; the same `{}` for any address. ' +
        'At most one mail a minute, 5 an hour, 10 a day per address.',
      tag: 'registration',
      auth: false,
      rateLimit: mailLimit,
      request: ZEmailOnlyRequest,
      response: z.object({}),
      errors: [Code.mailSendTooSoon, Code.tooManyRequests],
      async handler({ payload, clientInfo, ip, requestId }) {
        await d.registration.sendActivateEmail(payload.email, messageLanguage(clientInfo.language, d.defaultLanguage));
        await d.audit.record({ event: 'activation.mail', ip, requestId });
        return {};
      },
    }),
    defineCall({
      path: '/user/v5/profile/toactivate',
      summary: 'Activate the account of an activation link (`id` is the token of `/toactivate/{id}`), once.',
      tag: 'registration',
      auth: false,
      rateLimit: linkLimit,
      request: ZLinkRequest,
      response: z.object({}),
      errors: [Code.activateLinkInvalid],
      async handler({ payload, ip, requestId }) {
        const userId = await d.registration.activate(payload.id);
        await d.audit.record({ event: 'activate', userId, ip, requestId });
        return {};
      },
    }),
  ];
}
