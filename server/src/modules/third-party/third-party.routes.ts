import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import { thirdPartyNames } from '@ac/protocol/third-party';
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
const _flowErrors = [Code.thirdTryLater, Code.thirdLoginAgain, Code.notInRegion];

export function createThirdPartyCalls(d: ThirdPartyDeps) {
  return [
    defineCall(calls.thirdParty.list, {
      handler: async ({ session }) => ({ rows: await d.thirdParty.list(session.userId) }),
    }),
    defineCall(calls.thirdParty.bindingUrl, {
      rateLimit: limit,
      async handler({ payload, session }) {
        d.thirdParty.assertInRegion(payload.type);
        return { url: await d.flow.start('bind', payload.type, payload.redirect, session.userId) };
      },
    }),
    defineCall(calls.thirdParty.bind, {
      rateLimit: limit,
      async handler({ payload: { type, ...callback }, session, ip, requestId }) {
        d.thirdParty.assertInRegion(type);
        const identity = await d.flow.finish('bind', type, callback, session.userId);
        await d.thirdParty.bind(session.userId, type, identity, { ip, requestId });
        return {};
      },
    }),
    defineCall(calls.thirdParty.bindByTicket, {
      rateLimit: limit,
      async handler({ payload, session, ip, requestId }) {
        await d.thirdParty.bindByTicket(session.userId, payload.ticket, { ip, requestId });
        return {};
      },
    }),
    defineCall(calls.thirdParty.unbind, {
      rateLimit: limit,
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
