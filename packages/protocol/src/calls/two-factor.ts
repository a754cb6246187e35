/** Two-factor settings of the logged-in member (docs/protocol.md#two-factor). */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import {
  ZPasskey,
  ZPasskeyList,
  ZPasskeyOptions,
  ZPasskeyRegisterRequest,
  ZPasskeyRemoveRequest,
  ZPasskeyRenameRequest,
  ZRecoveryCodes,
  ZSecondFactorRequest,
  ZTotpConfirmRequest,
  ZTotpStartRequest,
  ZTotpStartResponse,
  ZTwoFactorDisableRequest,
  ZTwoFactorStatus,
} from '../two-factor.ts';

export const twoFactor = {
  status: defineContract({
    path: '/user/v5/twoFactor/status',
    summary:
      'Whether two-step verification is on, since when, recovery codes left, and whether this session proved a second factor in the last 10 minutes',
    tag: 'twoFactor',
    auth: true,
    request: ZEmpty,
    response: ZTwoFactorStatus,
  }),
  startTotp: defineContract({
    path: '/user/v5/twoFactor/totp/start',
    summary:
      'Start setting up an authenticator app (current password needed): a new secret, its otpauth URL and QR code; nothing is on until confirmTotp',
    tag: 'twoFactor',
    auth: true,
    request: ZTotpStartRequest,
    response: ZTotpStartResponse,
    errors: [Code.passwordWrong, Code.twoFactorAlreadyOn, Code.tooManyRequests],
  }),
  confirmTotp: defineContract({
    path: '/user/v5/twoFactor/totp/confirm',
    summary: 'Turn two-step verification on with a code from the app: answers ten recovery codes, shown once',
    tag: 'twoFactor',
    auth: true,
    request: ZTotpConfirmRequest,
    response: ZRecoveryCodes,
    errors: [Code.secondFactorInvalid, Code.totpSetupMissing, Code.twoFactorAlreadyOn, Code.tooManyRequests],
  }),
  verify: defineContract({
    path: '/user/v5/twoFactor/verify',
    summary:
      'Prove a second factor (app code or recovery code) in this session: security changes are allowed for 10 minutes',
    tag: 'twoFactor',
    auth: true,
    request: ZSecondFactorRequest,
    response: z.object({}),
    errors: [Code.secondFactorInvalid, Code.twoFactorNotOn, Code.tooManyRequests],
  }),
  regenerateRecoveryCodes: defineContract({
    path: '/user/v5/twoFactor/recoveryCodes',
    summary: 'New recovery codes (the old ones stop working); needs a fresh second factor',
    tag: 'twoFactor',
    auth: true,
    request: ZEmpty,
    response: ZRecoveryCodes,
    errors: [Code.secondFactorRequired, Code.twoFactorNotOn],
  }),
  disable: defineContract({
    path: '/user/v5/twoFactor/disable',
    summary:
      'Turn two-step verification off: with a second factor, or with the password in a session that proved one in the last 10 minutes; trusted browsers are forgotten',
    tag: 'twoFactor',
    auth: true,
    request: ZTwoFactorDisableRequest,
    response: z.object({}),
    errors: [
      Code.secondFactorInvalid,
      Code.passwordWrong,
      Code.secondFactorRequired,
      Code.twoFactorNotOn,
      Code.twoFactorRequiredByCompany,
      Code.tooManyRequests,
    ],
  }),
  passkeys: defineContract({
    path: '/user/v5/twoFactor/passkeys',
    summary: 'My passkeys: name, when registered and last used, whether synced between devices',
    tag: 'twoFactor',
    auth: true,
    request: ZEmpty,
    response: ZPasskeyList,
  }),
  passkeyRegisterOptions: defineContract({
    path: '/user/v5/twoFactor/passkeys/registerOptions',
    summary:
      'Start registering a passkey: WebAuthn creation options (discoverable credential, user verification preferred) and the id of their single-use challenge (5 minutes); with two-step verification on, needs a fresh second factor',
    tag: 'twoFactor',
    auth: true,
    request: ZEmpty,
    response: ZPasskeyOptions,
    errors: [Code.secondFactorRequired, Code.passkeyLimit],
  }),
  passkeyRegister: defineContract({
    path: '/user/v5/twoFactor/passkeys/register',
    summary:
      "Finish registering a passkey with the browser's answer to the options and a name; with two-step verification on, needs a fresh second factor",
    tag: 'twoFactor',
    auth: true,
    request: ZPasskeyRegisterRequest,
    response: ZPasskey,
    errors: [
      Code.passkeyChallengeExpired,
      Code.passkeyInvalid,
      Code.passkeyLimit,
      Code.secondFactorRequired,
      Code.tooManyRequests,
    ],
  }),
  passkeyRename: defineContract({
    path: '/user/v5/twoFactor/passkeys/rename',
    summary: 'Rename one of my passkeys',
    tag: 'twoFactor',
    auth: true,
    request: ZPasskeyRenameRequest,
    response: ZPasskey,
    errors: [Code.passkeyNotFound],
  }),
  passkeyRemove: defineContract({
    path: '/user/v5/twoFactor/passkeys/remove',
    summary: 'Remove one of my passkeys; with two-step verification on, needs a fresh second factor',
    tag: 'twoFactor',
    auth: true,
    request: ZPasskeyRemoveRequest,
    response: z.object({}),
    errors: [Code.passkeyNotFound, Code.secondFactorRequired],
  }),
};
