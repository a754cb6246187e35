/** Password recovery by mailed link or SMS code (docs/protocol.md#links-activation-and-reset). */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import {
  ZCheckResetLinkResponse,
  ZLinkRequest,
  ZResetByLinkRequest,
  ZSendFindPwdEmailRequest,
  ZUpdate4FindpwdCnRequest,
} from '../registration.ts';
import { passwordPolicyErrors } from './password.ts';

const UPDATE_4_FINDPWD_PATH = '/user/v5/profile/update4Findpwd';

export const recovery = {
  sendFindPwdEmail: defineContract({
    path: '/user/v5/profile/sendFindPwdEmail',
    summary:
      'Mail a password reset link (1 h, single use): `/site/password/reset/{id}` overseas, `/password/reset/{id}` ' +
      'in China (`/h5/reset/{id}` with `h5: true`). The same `{}` whether or not the address has an account; at ' +
      'most one mail a minute, 5 an hour, 10 a day per address.',
    tag: 'recovery',
    auth: false,
    request: ZSendFindPwdEmailRequest,
    response: z.object({}),
    errors: [Code.mailSendTooSoon, Code.tooManyRequests],
  }),
  checkResetLink: defineContract({
    path: '/user/v5/profile/checkResetLink',
    summary: 'Check a reset link before showing the new-password form: `{valid:true}` or 1200003.',
    tag: 'recovery',
    auth: false,
    request: ZLinkRequest,
    response: ZCheckResetLinkResponse,
    errors: [Code.resetLinkInvalid],
  }),
  resetByLink: defineContract({
    path: UPDATE_4_FINDPWD_PATH,
    summary:
      'Set a new password with a reset link `{id, password}`; every session of the user ends and a notice ' +
      'mail is sent. A used or expired link answers 1200003.',
    tag: 'recovery',
    auth: false,
    regions: ['us'],
    request: ZResetByLinkRequest,
    response: z.object({}),
    errors: [Code.resetLinkInvalid, ...passwordPolicyErrors],
  }),
  resetByLinkOrCode: defineContract({
    path: UPDATE_4_FINDPWD_PATH,
    summary:
      'Set a new password with a reset link `{id, password}` or an SMS code of purpose findPwd ' +
      '`{mobile, code, password}`; every session of the user ends and a notice is sent.',
    tag: 'recovery',
    auth: false,
    regions: ['cn'],
    request: ZUpdate4FindpwdCnRequest,
    response: z.object({}),
    errors: [Code.resetLinkInvalid, Code.codeInvalid, ...passwordPolicyErrors],
  }),
};
