/**
 * Third-party login calls (docs/api.md): the providers of
 * the region, binding through the provider's authorize URL (state + PKCE),
 * unbinding, and logging in with a bound identity.
 */
import { z } from 'zod';
import { ZTime } from './common.ts';
import { THIRD_PARTY_TYPES } from './enums.ts';
import { ZLoginResponse } from './session.ts';
import { ZEnrolmentRequired, ZSecondStepRequired } from './two-factor.ts';

export const ZThirdPartyType = z.enum(THIRD_PARTY_TYPES);

/** Display names (brand names, the same in every language). */
export const thirdPartyNames: Record<(typeof THIRD_PARTY_TYPES)[number], string> = {
  wx: 'WeChat',
  weibo: 'Weibo',
  qq: 'QQ',
  google: 'Google',
  facebook: 'Facebook',
  kakao: 'Kakao',
  linkedin: 'LinkedIn',
};

/** How long an authorize URL (its state and PKCE verifier) stays usable. */
export const OAUTH_STATE_TTL_MINUTES = 10;
/** How long a need-to-register ticket stays usable. */
export const THIRD_TICKET_TTL_MINUTES = 30;

export const ZBindThirdPartyRow = z.object({
  type: ZThirdPartyType,
  bound: z.boolean(),
  /** The provider account's display name when bound. */
  name: z.string().nullable(),
  favicon: z.string().nullable(),
  bindTime: ZTime.nullable(),
  /** False when the server has no credentials for this provider (binding answers 0300066). */
  available: z.boolean(),
});
export type TBindThirdPartyRow = z.infer<typeof ZBindThirdPartyRow>;
export const ZBindThirdPartyListResponse = z.object({ rows: z.array(ZBindThirdPartyRow) });
export type TBindThirdPartyListResponse = z.infer<typeof ZBindThirdPartyListResponse>;

/**
 * `redirect` is where the provider sends the browser back with `?code&state`:
 * a path under the site (e.g. "/account/secure/third_bind") or an absolute
 * URL on PUBLIC_URL's origin; it must be registered with the provider.
 */
export const ZAuthorizeRequest = z.object({
  type: ZThirdPartyType,
  redirect: z.string().trim().min(1).max(512),
});
export const ZAuthorizeResponse = z.object({ url: z.string() });
export type TAuthorizeResponse = z.infer<typeof ZAuthorizeResponse>;

/** The query of the provider's redirect: pass `iss` too when the provider sent one. */
const ZCallbackParams = {
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
  iss: z.string().url().max(512).optional(),
};
export const ZBindThirdPartyRequest = z.object({ type: ZThirdPartyType, ...ZCallbackParams });
export const ZUnbindThirdPartyRequest = z.object({ type: ZThirdPartyType });
export const ZThirdLoginRequest = z.object(ZCallbackParams);

/**
 * The answer of /user/v5/third/login/{type} when the identity is bound to no
 * account: `ticket` (single use, 30 minutes) lets a logged-in account bind
 * that identity (/user/v5/third/bindByTicket) or a registration attach it.
 */
export const ZNeedRegister = z.object({
  needRegister: z.literal(true),
  ticket: z.string(),
  profile: z.object({ name: z.string().nullable(), favicon: z.string().nullable(), email: z.string().nullable() }),
});
export type TNeedRegister = z.infer<typeof ZNeedRegister>;
/** A session, the need to register, or (two-step verification on) the second step. */
export const ZThirdLoginResponse = z.union([ZLoginResponse, ZNeedRegister, ZSecondStepRequired, ZEnrolmentRequired]);
export type TThirdLoginResponse = z.infer<typeof ZThirdLoginResponse>;

export const ZBindByTicketRequest = z.object({ ticket: z.string().min(1).max(128) });
