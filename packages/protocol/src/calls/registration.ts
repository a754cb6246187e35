/** Registration, activation, password recovery and server nodes (docs/protocol.md#links-activation-and-reset). */

import { z } from 'zod';
import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import {
  ZCheckResetLinkResponse,
  ZEmailOnlyRequest,
  ZGetNodeByDealerRequest,
  ZGetNodeByDealerResponse,
  ZLinkRequest,
  ZRegisterEmailRequest,
  ZRegisterMobileRequest,
  ZResetByLinkRequest,
  ZSendFindPwdEmailRequest,
  ZUpdate4FindpwdCnRequest,
} from '../registration.ts';
import { ZServerNodeList } from '../session.ts';

const policyCodes = [Code.passwordPolicy, Code.passwordBreached, Code.passwordSameAsAccount];
const REGISTER_PATH = '/user/v5/profile/register';
const UPDATE_4_FINDPWD_PATH = '/user/v5/profile/update4Findpwd';

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
      ...policyCodes,
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
    errors: [Code.agreementRequired, Code.codeInvalid, ...policyCodes, Code.accountOnOtherNode, Code.tooManyRequests],
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
    errors: [Code.resetLinkInvalid, ...policyCodes],
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
    errors: [Code.resetLinkInvalid, Code.codeInvalid, ...policyCodes],
  }),
};

export const nodes = {
  list: defineContract({
    path: '/global/v5/common/serverNode/list',
    summary: 'The server nodes accounts can live on',
    tag: 'common',
    auth: false,
    request: z.object({}),
    response: ZServerNodeList,
  }),
  getNodeByDealer: defineContract({
    path: '/user/v5/sysuser/getnodeByDealer',
    summary:
      'The node an account lives on (the jump-node screen after 0300069). Accounts no node knows answer this node, ' +
      'so the answer tells only that an account lives elsewhere. `localOnly` (node-to-node, with the shared ' +
      "NODE_SECRET in the x-node-secret header) answers from this node's own accounts and 1200005 when it is not " +
      'here; without the secret it is answered like a lookup. At most 10 a minute per IP, except for other nodes ' +
      'sending NODE_SECRET.',
    tag: 'nodes',
    auth: false,
    request: ZGetNodeByDealerRequest,
    response: ZGetNodeByDealerResponse,
    errors: [Code.accountNotOnNode, Code.tooManyRequests],
  }),
};
