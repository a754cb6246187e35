/** Changing the password while logged in (docs/protocol.md#passwords). */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import { ZUpdatePasswordRequest } from '../profile.ts';

/** The refusals of a new password that breaks the policy (docs/protocol.md#passwords). */
export const passwordPolicyErrors = [Code.passwordPolicy, Code.passwordBreached, Code.passwordSameAsAccount] as const;

export const password = {
  update: defineContract({
    path: '/user/v5/sysuser/updatePassword',
    summary:
      'Change the password, proven by the current one or by a code sent to the own mobile (purpose changePassword); other sessions end',
    tag: 'profile',
    auth: true,
    request: ZUpdatePasswordRequest,
    response: z.object({}),
    errors: [
      Code.passwordWrong,
      Code.codeInvalid,
      ...passwordPolicyErrors,
      Code.secondFactorRequired,
      Code.tooManyRequests,
    ],
  }),
};
