import { Code } from '@ac/protocol/codes';
import { ZEmpty } from '@ac/protocol/common';
import type { TLanguage } from '@ac/protocol/enums';
import {
  thirdPartyNames,
  ZAuthorizeRequest,
  ZAuthorizeResponse,
  ZBindByTicketRequest,
  ZBindThirdPartyListResponse,
  ZBindThirdPartyRequest,
  ZUnbindThirdPartyRequest,
} from '@ac/protocol/third-party';
import { z } from 'zod';
import type { Notifier } from '../../adapters/notices.ts';
import { defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { thirdUnboundText } from '../../i18n/mail-texts.ts';
import type { UserRepo } from '../user/user.repo.ts';
import type { OAuthFlow } from './oauth-flow.ts';
import type { ThirdPartyService } from './third-party.service.ts';

export type ThirdPartyDeps = {
  thirdParty: ThirdPartyService;
  flow: OAuthFlow;
  notifier: Notifier;
  users: Pick<UserRepo, 'findLiveUser'>;
  defaultLanguage: TLanguage;
};

const limit = { max: 30, timeWindow: '1 minute' };
const flowErrors = [Code.thirdTryLater, Code.thirdLoginAgain, Code.notInRegion];

export function createThirdPartyCalls(d: ThirdPartyDeps) {
  return [
    defineCall({
      path: '/user/v5/third/bindThirdPartyList',
      summary: 'The third-party logins of the region and which are bound',
      tag: 'third-party',
      auth: true,
      request: ZEmpty,
      response: ZBindThirdPartyListResponse,
      handler: async ({ session }) => ({ rows: await d.thirdParty.list(session.userId) }),
    }),
    defineCall({
      path: '/user/v5/third/web/binding',
      summary: "The provider's authorize URL to bind it (state + PKCE, 10 minutes, single use)",
      tag: 'third-party',
      auth: true,
      rateLimit: limit,
      request: ZAuthorizeRequest,
      response: ZAuthorizeResponse,
      errors: flowErrors,
      async handler({ payload, session }) {
        d.thirdParty.assertInRegion(payload.type);
        return { url: await d.flow.start('bind', payload.type, payload.redirect, session.userId) };
      },
    }),
    defineCall({
      path: '/user/v5/third/bindThirdParty',
      summary: "Bind with the provider's callback parameters (code, state)",
      tag: 'third-party',
      auth: true,
      rateLimit: limit,
      request: ZBindThirdPartyRequest,
      response: z.object({}),
      errors: [...flowErrors, Code.thirdAccountUsed, Code.thirdAlreadyBoundBefore, Code.thirdAlreadyBound],
      async handler({ payload: { type, ...callback }, session, ip, requestId }) {
        d.thirdParty.assertInRegion(type);
        const identity = await d.flow.finish('bind', type, callback, session.userId);
        await d.thirdParty.bind(session.userId, type, identity, { ip, requestId });
        return {};
      },
    }),
    defineCall({
      path: '/user/v5/third/bindByTicket',
      summary: 'Bind the identity of a need-to-register ticket (from /user/v5/third/login/{type}) to this account',
      tag: 'third-party',
      auth: true,
      rateLimit: limit,
      request: ZBindByTicketRequest,
      response: z.object({}),
      errors: [Code.thirdLoginAgain, Code.thirdAccountUsed, Code.thirdAlreadyBoundBefore, Code.thirdAlreadyBound],
      async handler({ payload, session, ip, requestId }) {
        await d.thirdParty.bindByTicket(session.userId, payload.ticket, { ip, requestId });
        return {};
      },
    }),
    defineCall({
      path: '/user/v5/third/unBindThirdParty',
      summary: 'Unbind a provider (needs a login younger than 15 minutes; never the last way to log in)',
      tag: 'third-party',
      auth: true,
      rateLimit: limit,
      request: ZUnbindThirdPartyRequest,
      response: z.object({}),
      errors: [Code.reauthRequired, Code.lastLoginMethod, Code.notInRegion],
      async handler({ payload: { type }, session, clientInfo, ip, requestId }) {
        d.thirdParty.assertInRegion(type);
        await d.thirdParty.unbind(session.userId, session.sessionId, type, { ip, requestId });
        const user = await d.users.findLiveUser(session.userId);
        const language = messageLanguage(clientInfo.language, d.defaultLanguage);
        if (user) await d.notifier.send(user, (l) => thirdUnboundText(l, thirdPartyNames[type]), { language });
        return {};
      },
    }),
  ];
}
