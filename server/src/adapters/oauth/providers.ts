/**
 * Third-party login providers behind one interface (docs/decisions/0023-native-oauth.md):
 * each configured provider gets its OpenID Connect adapter (oidc.ts) when
 * it has an issuer, else its native OAuth 2 adapter (WeChat, QQ, Weibo,
 * Facebook). The redirect flow around them (state, PKCE verifier, nonce,
 * single use) is the third-party module's (modules/third-party/oauth-flow.ts).
 */
import { Code } from '@ac/protocol/codes';
import type { TThirdPartyType } from '@ac/protocol/enums';
import type { NativeProviderConfig, OAuthConfig, OAuthProviderConfig, TNativeProvider } from '../../config/oauth.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthorizeParams, AuthorizeUrl, CallbackParams, OAuthAdapter, OAuthIdentity } from './adapter.ts';
import { createFacebookAdapter } from './facebook.ts';
import { createOidcAdapter } from './oidc.ts';
import { createQqAdapter } from './qq.ts';
import { createWechatAdapter } from './wechat.ts';
import { createWeiboAdapter } from './weibo.ts';

export type OAuthProviders = {
  isAvailable(type: TThirdPartyType): boolean;
  authorizeUrl(type: TThirdPartyType, params: AuthorizeParams): Promise<AuthorizeUrl>;
  /** Exchanges the code; 0300068 when the provider refuses it (expired, reused), 0300066 when it fails. */
  identity(type: TThirdPartyType, params: CallbackParams): Promise<OAuthIdentity>;
};

function nativeAdapter(type: TNativeProvider, c: NativeProviderConfig, config: OAuthConfig): OAuthAdapter {
  switch (type) {
    case 'wx':
      return createWechatAdapter({ app: c, inApp: config.wechatInApp, apiBase: c.apiBase });
    case 'qq':
      return createQqAdapter({ app: c, apiBase: c.apiBase });
    case 'weibo':
      return createWeiboAdapter({ app: c, apiBase: c.apiBase });
    case 'facebook':
      return createFacebookAdapter({ app: c, apiBase: c.apiBase, version: config.facebookApiVersion });
  }
}

export function createOAuthProviders(config: OAuthConfig): OAuthProviders {
  const adapters = new Map<TThirdPartyType, OAuthAdapter>();
  for (const [type, c] of Object.entries(config.providers) as [TThirdPartyType, OAuthProviderConfig][]) {
    adapters.set(
      type,
      c.protocol === 'oidc' ? createOidcAdapter(type, c) : nativeAdapter(type as TNativeProvider, c, config),
    );
  }
  const adapter = (type: TThirdPartyType) => {
    const found = adapters.get(type);
    if (!found) throw new AppError(Code.thirdTryLater, `${type} is not configured`);
    return found;
  };
  return {
    isAvailable: (type) => adapters.has(type),
    authorizeUrl: async (type, params) => adapter(type).authorizeUrl(params),
    identity: async (type, params) => adapter(type).identity(params),
  };
}
