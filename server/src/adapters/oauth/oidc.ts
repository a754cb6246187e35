/**
 * A third-party login provider through OpenID Connect (openid-client):
 * discovery, the authorize URL with PKCE (S256) + state + nonce, the code
 * exchange with ID token validation, and the identity (`sub`, name,
 * picture, email) from the ID token or the userinfo endpoint.
 */
import { Code } from '@ac/protocol/codes';
import type { TThirdPartyType } from '@ac/protocol/enums';
import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../../config/oauth.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OAuthAdapter } from './adapter.ts';

const SCOPE = 'openid profile email';
const TIMEOUT_S = 15;

/** Plain http is allowed only for an issuer on this machine (a local test or development provider). */
function isLoopback(url: URL) {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

function providerFailure(e: unknown): AppError {
  if (e instanceof AppError) return e;
  const error = (e as { error?: unknown }).error;
  if (e instanceof oidc.ResponseBodyError && error === 'invalid_grant') return new AppError(Code.thirdLoginAgain);
  if (e instanceof oidc.AuthorizationResponseError) return new AppError(Code.thirdLoginAgain);
  if (e instanceof oidc.ClientError && /state|iss|nonce/i.test(e.message)) return new AppError(Code.thirdLoginAgain);
  return new AppError(Code.thirdTryLater, (e as Error).message?.slice(0, 200));
}

export function createOidcAdapter(type: TThirdPartyType, provider: OidcProviderConfig): OAuthAdapter {
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    if (!discovered) {
      const issuer = new URL(provider.issuer);
      const found = oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
        timeout: TIMEOUT_S,
      });
      // a failed discovery is retried on the next request
      found.catch(() => {
        if (discovered === found) discovered = undefined;
      });
      discovered = found;
    }
    return discovered;
  }

  return {
    async authorizeUrl(p) {
      try {
        const c = await configuration();
        const url = oidc.buildAuthorizationUrl(c, {
          redirect_uri: p.redirectUri,
          scope: SCOPE,
          state: p.state,
          nonce: p.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(p.codeVerifier),
          code_challenge_method: 'S256',
        });
        return { url: url.href, app: null };
      } catch (e) {
        throw providerFailure(e);
      }
    },

    async identity(p) {
      try {
        const c = await configuration();
        const callback = new URL(p.redirectUri);
        callback.searchParams.set('code', p.code);
        callback.searchParams.set('state', p.state);
        const iss =
          p.iss ??
          (c.serverMetadata().authorization_response_iss_parameter_supported ? c.serverMetadata().issuer : undefined);
        if (iss) callback.searchParams.set('iss', iss);
        const tokens = await oidc.authorizationCodeGrant(c, callback, {
          pkceCodeVerifier: p.codeVerifier,
          expectedState: p.state,
          expectedNonce: p.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims?.sub) throw new AppError(Code.thirdTryLater, `${type}: no subject in the ID token`);
        let info: Record<string, unknown> = claims;
        if ((!claims.name || !claims.picture) && c.serverMetadata().userinfo_endpoint) {
          info = { ...(await oidc.fetchUserInfo(c, tokens.access_token, claims.sub)), ...claims };
        }
        return {
          subject: claims.sub,
          name: text(info.name) ?? text(info.nickname) ?? text(info.preferred_username),
          picture: text(info.picture),
          email: info.email_verified === true ? text(info.email) : null,
        };
      } catch (e) {
        throw providerFailure(e);
      }
    },
  };
}
