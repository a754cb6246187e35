import { Code } from '@ac/protocol/codes';
import { ZEmpty } from '@ac/protocol/common';
import { ZProfileRequest, ZUserDetail } from '@ac/protocol/profile';
import { defineCall } from '../../envelope/call.ts';
import type { ProfileService } from './profile.service.ts';

type Deps = { profile: ProfileService };

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
      handler: ({ payload, session, clientInfo, ip, requestId }) =>
        d.profile.update(session.userId, payload, { ip, requestId, language: clientInfo.language }),
    }),
  ];
}
