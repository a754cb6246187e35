import { calls } from '@ac/protocol/calls';
import type { TLanguage } from '@ac/protocol/enums';
import type { Notifier } from '../../adapters/notices.ts';
import { defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { contactChangedText } from '../../i18n/mail-texts.ts';
import type { ProfileService } from './profile.service.ts';

type Deps = { profile: ProfileService; notifier: Notifier; defaultLanguage: TLanguage };

export function createProfileCalls(d: Deps) {
  return [
    defineCall(calls.profile.getUserDetail, {
      handler: ({ session }) => d.profile.detail(session.userId),
    }),
    defineCall(calls.profile.update, {
      rateLimit: { max: 30, timeWindow: '1 minute' },
      async handler({ payload, session, clientInfo, ip, requestId }) {
        const { detail, replaced } = await d.profile.update(session.userId, payload, { ip, requestId });
        const language = messageLanguage(clientInfo.language, d.defaultLanguage);
        if (replaced.email) {
          await d.notifier.send({ email: replaced.email }, (l) => contactChangedText(l, 'email'), { language });
        }
        if (replaced.mobile) {
          await d.notifier.send({ mobile: replaced.mobile }, (l) => contactChangedText(l, 'mobile'), { language });
        }
        return detail;
      },
    }),
  ];
}
