/** Deleting the account (docs/product.md#data). */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import { ZCancelAccountRequest } from '../profile.ts';

export const account = {
  cancel: defineContract({
    path: '/user/v5/sysuser/userCancelAccount',
    summary:
      'Delete the account: agreement accepted, code sent to the own mobile or email (purpose cancelAccount); every session ends',
    tag: 'profile',
    auth: true,
    request: ZCancelAccountRequest,
    response: z.object({}),
    errors: [Code.codeInvalid],
  }),
};
