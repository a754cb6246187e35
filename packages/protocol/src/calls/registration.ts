/** Registration and activation (docs/protocol.md#links-activation-and-reset). */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import { ZEmailOnlyRequest, ZLinkRequest, ZRegisterEmailRequest, ZRegisterMobileRequest } from '../registration.ts';
import { passwordPolicyErrors } from './password.ts';

const REGISTER_PATH = '/user/v5/profile/register';

export const registration = {
  registerByEmail: defineContract({
    path: REGISTER_PATH,
    summary:
      'Register with email (overseas). The account stays unactivated until the mailed link (24 h, single use) is ' +
      'opened; an address that already has an account gets a notice mail and the caller the same `{}`.',
    tag: 'registration',
    auth: false,
    regions: ['us'],
    request: ZRegisterEmailRequest,
    response: z.object({}),
    errors: [
      Code.agreementRequired,
      ...passwordPolicyErrors,
      Code.accountOnOtherNode,
      Code.mailSendTooSoon,
      Code.tooManyRequests,
    ],
  }),
  registerByMobile: defineContract({
    path: REGISTER_PATH,
    summary:
      'Register with a mobile and an SMS code of purpose `register` (China); the account is active at once. ' +
      'A mobile that already has an account never received a code, so it answers 1000004 like a wrong code.',
    tag: 'registration',
    auth: false,
    regions: ['cn'],
    request: ZRegisterMobileRequest,
    response: z.object({}),
    errors: [
      Code.agreementRequired,
      Code.codeInvalid,
      ...passwordPolicyErrors,
      Code.accountOnOtherNode,
      Code.tooManyRequests,
    ],
  }),
  sendActivateEmail: defineContract({
    path: '/user/v5/sysuser/sendActivateEmail',
    summary:
      'Mail a new activation link to an unactivated account; the same `{}` for any address. ' +
      'At most one mail a minute, 5 an hour, 10 a day per address.',
    tag: 'registration',
    auth: false,
    request: ZEmailOnlyRequest,
    response: z.object({}),
    errors: [Code.mailSendTooSoon, Code.tooManyRequests],
  }),
  toActivate: defineContract({
    path: '/user/v5/profile/toactivate',
    summary: 'Activate the account of an activation link (`id` is the token of `/toactivate/{id}`), once.',
    tag: 'registration',
    auth: false,
    request: ZLinkRequest,
    response: z.object({}),
    errors: [Code.activateLinkInvalid],
  }),
};
