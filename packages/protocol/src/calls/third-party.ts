/** Logging in with and binding third-party accounts. */

import { z } from 'zod';
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import { REGIONS, type TThirdPartyType, thirdPartiesByRegion } from '../enums.ts';
import {
  ZAuthorizeRequest,
  ZAuthorizeResponse,
  ZBindByTicketRequest,
  ZBindThirdPartyListResponse,
  ZBindThirdPartyRequest,
  ZThirdLoginRequest,
  ZThirdLoginResponse,
  ZUnbindThirdPartyRequest,
} from '../third-party.ts';

const flowErrors = [Code.thirdTryLater, Code.thirdLoginAgain, Code.notInRegion];

/** One login call per provider, in the provider's region only. */
function loginWith(type: TThirdPartyType) {
  return defineContract({
    path: `/user/v5/third/login/${type}`,
    summary: `Log in with ${type}: {utoken, userInfo} for a bound identity (or {secondStep} with two-step verification on), else {needRegister, ticket, profile}`,
    tag: 'third-party',
    auth: false,
    regions: REGIONS.filter((r) => thirdPartiesByRegion[r].includes(type)),
    request: ZThirdLoginRequest,
    response: ZThirdLoginResponse,
    errors: [Code.thirdTryLater, Code.thirdLoginAgain, Code.accountNotActivated, Code.twoFactorUseDeviceSignIn],
  });
}

export const thirdParty = {
  loginUrl: defineContract({
    path: '/user/v5/third/web/login',
    summary: "The provider's authorize URL to log in with it (state + PKCE, 10 minutes, single use)",
    tag: 'third-party',
    auth: false,
    request: ZAuthorizeRequest,
    response: ZAuthorizeResponse,
    errors: [Code.thirdTryLater, Code.notInRegion],
  }),
  loginWith,
  list: defineContract({
    path: '/user/v5/third/bindThirdPartyList',
    summary: 'The third-party logins of the region and which are bound',
    tag: 'third-party',
    auth: true,
    request: ZEmpty,
    response: ZBindThirdPartyListResponse,
  }),
  bindingUrl: defineContract({
    path: '/user/v5/third/web/binding',
    summary:
      "The provider's authorize URL to bind it (state + PKCE, 10 minutes, single use); needs a login younger than 15 minutes",
    tag: 'third-party',
    auth: true,
    request: ZAuthorizeRequest,
    response: ZAuthorizeResponse,
    errors: [...flowErrors, Code.reauthRequired],
  }),
  bind: defineContract({
    path: '/user/v5/third/bindThirdParty',
    summary:
      "Bind with the provider's callback parameters (code, state); needs a login younger than 15 minutes; the account is told",
    tag: 'third-party',
    auth: true,
    request: ZBindThirdPartyRequest,
    response: z.object({}),
    errors: [
      ...flowErrors,
      Code.reauthRequired,
      Code.thirdAccountUsed,
      Code.thirdAlreadyBoundBefore,
      Code.thirdAlreadyBound,
    ],
  }),
  bindByTicket: defineContract({
    path: '/user/v5/third/bindByTicket',
    summary: 'Bind the identity of a need-to-register ticket (from the provider login call) to this account',
    tag: 'third-party',
    auth: true,
    request: ZBindByTicketRequest,
    response: z.object({}),
    errors: [
      Code.reauthRequired,
      Code.thirdLoginAgain,
      Code.thirdAccountUsed,
      Code.thirdAlreadyBoundBefore,
      Code.thirdAlreadyBound,
    ],
  }),
  unbind: defineContract({
    path: '/user/v5/third/unBindThirdParty',
    summary: 'Unbind a provider (needs a login younger than 15 minutes; never the last way to log in)',
    tag: 'third-party',
    auth: true,
    request: ZUnbindThirdPartyRequest,
    response: z.object({}),
    errors: [Code.reauthRequired, Code.lastLoginMethod, Code.notInRegion],
  }),
};
