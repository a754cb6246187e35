import { Code } from '@ac/protocol/codes';
import { ZEmpty } from '@ac/protocol/common';
import type { TLanguage } from '@ac/protocol/enums';
import { ZProfileRequest, ZUserDetail } from '@ac/protocol/profile';
import type { Notifier } from '../../adapters/notices.ts';
import { defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { contactChangedText } from '../../i18n/mail-texts.ts';
import type { ProfileService } from './profile.service.ts';

type Deps = { profile: ProfileService; notifier: Notifier; defaultLanguage: TLanguage };

export function createProfileCalls(d: Deps) {
  return [
    defineCall({
      path: '/user/v5/sysuser/getUserDetail',
      summary: 'The profile of the logged-in user',
      tag: 'profile',
      auth: true,
      request: ZEmpty,
      response: ZUserDetail,
      handler: ({ session }) => d.profile.detail(session.userId),
    }),
    defineCall({
      path: '/user/v5/sysuser/profile',
      summary:
        'Update the profile; a new email / mobile needs emailCode / mobileCode sent to it (purpose bindEmail / bindMobile)',
      tag: 'profile',
      auth: true,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      request: ZProfileRequest,
      response: ZUserDetail,
      errors: [Code.codeInvalid, Code.addressTaken],
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
