/**
 * Third-party login providers from the environment (server/src/config/README.md,
 * docs/decisions/0023-native-oauth.md): OAUTH_<PROVIDER>_CLIENT_ID /
 * _CLIENT_SECRET / _ISSUER, all optional.
 *
 * - With an OpenID Connect issuer (given, or the provider's well-known one)
 *   the provider goes through the OIDC adapter.
 * - wx, qq, weibo and facebook without `_ISSUER` go through their native
 *   OAuth 2 adapter; `_API_BASE` points it at a local fake (tests only,
 *   refused in production), OAUTH_WX_INAPP_* is the official-account app
 *   used inside the WeChat browser, OAUTH_FACEBOOK_API_VERSION the Graph
 *   API version.
 *
 * A provider without credentials is listed but answers 0300066.
 */
import { THIRD_PARTY_TYPES, type TThirdPartyType } from '@ac/protocol/enums';
import { z } from 'zod';

/** Providers whose OpenID Connect issuer is public and fixed. */
export const DEFAULT_ISSUERS: Partial<Record<TThirdPartyType, string>> = {
  google: 'https://accounts.google.com',
  linkedin: 'https://www.linkedin.com/oauth',
  kakao: 'https://kauth.kakao.com',
};

/** Providers with a native OAuth 2 adapter, used when no issuer is given. */
export const NATIVE_PROVIDERS = ['wx', 'qq', 'weibo', 'facebook'] as const satisfies readonly TThirdPartyType[];
export type TNativeProvider = (typeof NATIVE_PROVIDERS)[number];
export const isNativeProvider = (p: TThirdPartyType): p is TNativeProvider =>
  (NATIVE_PROVIDERS as readonly string[]).includes(p);

/** The Graph API version of the Facebook dialog and calls unless OAUTH_FACEBOOK_API_VERSION says otherwise. */
export const FACEBOOK_API_VERSION = 'v23.0';

export type OAuthApp = { clientId: string; clientSecret: string };
export type OidcProviderConfig = OAuthApp & { protocol: 'oidc'; issuer: string };
export type NativeProviderConfig = OAuthApp & {
  protocol: 'native';
  /** Replaces the provider's origins (authorize page and API) with one base URL: a local fake. */
  apiBase: string | undefined;
};
export type OAuthProviderConfig = OidcProviderConfig | NativeProviderConfig;
export type OAuthConfig = {
  providers: Partial<Record<TThirdPartyType, OAuthProviderConfig>>;
  /** WeChat's official-account app for the in-app authorize URL (User-Agent with MicroMessenger). */
  wechatInApp: OAuthApp | undefined;
  facebookApiVersion: string;
};

type Field = 'CLIENT_ID' | 'CLIENT_SECRET' | 'ISSUER';
type OAuthEnvKey =
  | `OAUTH_${Uppercase<TThirdPartyType>}_${Field}`
  | `OAUTH_${Uppercase<TNativeProvider>}_API_BASE`
  | 'OAUTH_WX_INAPP_CLIENT_ID'
  | 'OAUTH_WX_INAPP_CLIENT_SECRET'
  | 'OAUTH_FACEBOOK_API_VERSION';
type OAuthEnv = Partial<Record<OAuthEnvKey, string>>;

const envName = (provider: TThirdPartyType, field: Field | 'API_BASE') =>
  `OAUTH_${provider.toUpperCase()}_${field}` as OAuthEnvKey;

/** The OAUTH_<P>_API_BASE variables (refused in production: config/production.ts). */
export const OAUTH_API_BASE_VARS = NATIVE_PROVIDERS.map((p) => envName(p, 'API_BASE'));

/** The zod fields of every OAUTH_* variable, spread into the environment schema. */
export const oauthEnvShape = {
  ...Object.fromEntries(
    THIRD_PARTY_TYPES.flatMap((p) => [
      [envName(p, 'CLIENT_ID'), z.string().min(1).optional()],
      [envName(p, 'CLIENT_SECRET'), z.string().min(1).optional()],
      [envName(p, 'ISSUER'), z.string().url().optional()],
    ]),
  ),
  ...Object.fromEntries(OAUTH_API_BASE_VARS.map((name) => [name, z.string().url().optional()])),
  OAUTH_WX_INAPP_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_WX_INAPP_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_FACEBOOK_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v23.0')
    .optional(),
} as Record<OAuthEnvKey, z.ZodOptional<z.ZodString>>;

/** A half-configured provider stops the server, naming the missing variable. */
export function refineOAuthEnv(e: OAuthEnv, ctx: z.RefinementCtx) {
  const issue = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  for (const p of THIRD_PARTY_TYPES) {
    const given = (['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'] as const).filter((f) => e[envName(p, f)]);
    if (given.length === 0) continue;
    const needed: Field[] =
      DEFAULT_ISSUERS[p] || isNativeProvider(p)
        ? ['CLIENT_ID', 'CLIENT_SECRET']
        : ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'];
    for (const f of needed) {
      if (!e[envName(p, f)]) issue(envName(p, f), `is required when OAUTH_${p.toUpperCase()}_* is set`);
    }
  }
  for (const p of NATIVE_PROVIDERS) {
    if (e[envName(p, 'API_BASE')] && e[envName(p, 'ISSUER')]) {
      issue(envName(p, 'API_BASE'), `applies to the native adapter only: remove it or OAUTH_${p.toUpperCase()}_ISSUER`);
    }
  }
  const inApp = [e.OAUTH_WX_INAPP_CLIENT_ID, e.OAUTH_WX_INAPP_CLIENT_SECRET];
  if (inApp.some(Boolean)) {
    if (!e.OAUTH_WX_INAPP_CLIENT_ID) issue('OAUTH_WX_INAPP_CLIENT_ID', 'is required when OAUTH_WX_INAPP_* is set');
    if (!e.OAUTH_WX_INAPP_CLIENT_SECRET) {
      issue('OAUTH_WX_INAPP_CLIENT_SECRET', 'is required when OAUTH_WX_INAPP_* is set');
    }
    if (!e.OAUTH_WX_CLIENT_ID || e.OAUTH_WX_ISSUER) {
      issue('OAUTH_WX_INAPP_CLIENT_ID', 'needs the native WeChat login (OAUTH_WX_CLIENT_ID without OAUTH_WX_ISSUER)');
    }
  }
}

function providerConfig(e: OAuthEnv, p: TThirdPartyType): OAuthProviderConfig | undefined {
  const clientId = e[envName(p, 'CLIENT_ID')];
  const clientSecret = e[envName(p, 'CLIENT_SECRET')];
  if (!clientId || !clientSecret) return undefined;
  const issuer = e[envName(p, 'ISSUER')] ?? DEFAULT_ISSUERS[p];
  if (issuer) return { protocol: 'oidc', clientId, clientSecret, issuer };
  if (isNativeProvider(p)) return { protocol: 'native', clientId, clientSecret, apiBase: e[envName(p, 'API_BASE')] };
  return undefined;
}

export function oauthConfig(e: OAuthEnv): OAuthConfig {
  const providers: OAuthConfig['providers'] = {};
  for (const p of THIRD_PARTY_TYPES) {
    const found = providerConfig(e, p);
    if (found) providers[p] = found;
  }
  const { OAUTH_WX_INAPP_CLIENT_ID: clientId, OAUTH_WX_INAPP_CLIENT_SECRET: clientSecret } = e;
  return {
    providers,
    wechatInApp: clientId && clientSecret ? { clientId, clientSecret } : undefined,
    facebookApiVersion: e.OAUTH_FACEBOOK_API_VERSION ?? FACEBOOK_API_VERSION,
  };
}
