/**
 * Third-party login providers from the environment (docs/architecture.md#configuration):
 * OAUTH_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET / _ISSUER, all optional. A
 * provider is usable when it has a client id, a secret and an OpenID Connect
 * issuer (given, or the provider's well-known one); the others are listed
 * but answer 0300066.
 */
import { THIRD_PARTY_TYPES, type TThirdPartyType } from '@ac/protocol/enums';
import { z } from 'zod';

/** Providers whose OpenID Connect issuer is public and fixed. */
export const DEFAULT_ISSUERS: Partial<Record<TThirdPartyType, string>> = {
  google: 'https://accounts.google.com',
  linkedin: 'https://www.linkedin.com/oauth',
  kakao: 'https://kauth.kakao.com',
};

export type OAuthProviderConfig = { clientId: string; clientSecret: string; issuer: string };
export type OAuthConfig = Partial<Record<TThirdPartyType, OAuthProviderConfig>>;

type Field = 'CLIENT_ID' | 'CLIENT_SECRET' | 'ISSUER';
type OAuthEnvKey = `OAUTH_${Uppercase<TThirdPartyType>}_${Field}`;
type OAuthEnv = Partial<Record<OAuthEnvKey, string>>;

const envName = (provider: TThirdPartyType, field: Field) => `OAUTH_${provider.toUpperCase()}_${field}` as OAuthEnvKey;

/** The zod fields of every OAUTH_* variable, spread into the environment schema. */
export const oauthEnvShape = Object.fromEntries(
  THIRD_PARTY_TYPES.flatMap((p) => [
    [envName(p, 'CLIENT_ID'), z.string().min(1).optional()],
    [envName(p, 'CLIENT_SECRET'), z.string().min(1).optional()],
    [envName(p, 'ISSUER'), z.string().url().optional()],
  ]),
) as Record<OAuthEnvKey, z.ZodOptional<z.ZodString>>;

/** A half-configured provider stops the server, naming the missing variable. */
export function refineOAuthEnv(e: OAuthEnv, ctx: z.RefinementCtx) {
  for (const p of THIRD_PARTY_TYPES) {
    const given = (['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'] as const).filter((f) => e[envName(p, f)]);
    if (given.length === 0) continue;
    const needed: Field[] = DEFAULT_ISSUERS[p]
      ? ['CLIENT_ID', 'CLIENT_SECRET']
      : ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'];
    for (const f of needed) {
      if (!e[envName(p, f)]) {
        ctx.addIssue({
          code: 'custom',
          path: [envName(p, f)],
          message: `is required when OAUTH_${p.toUpperCase()}_* is set`,
        });
      }
    }
  }
}

export function oauthConfig(e: OAuthEnv): OAuthConfig {
  const out: OAuthConfig = {};
  for (const p of THIRD_PARTY_TYPES) {
    const clientId = e[envName(p, 'CLIENT_ID')];
    const clientSecret = e[envName(p, 'CLIENT_SECRET')];
    const issuer = e[envName(p, 'ISSUER')] ?? DEFAULT_ISSUERS[p];
    if (clientId && clientSecret && issuer) out[p] = { clientId, clientSecret, issuer };
  }
  return out;
}
