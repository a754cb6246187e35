/**
 * The redirect flow around a provider (docs/protocol.md#sessions): an authorize URL with a
 * random state, a PKCE verifier and a nonce kept server-side (hashed state,
 * single use, 10 minutes, bound to the purpose and, for binding, to the
 * account, for login to the starting browser's cookie), then the
 * callback's code exchanged for the identity.
 */
import { Code } from '@ac/protocol/codes';
import type { TThirdPartyType } from '@ac/protocol/enums';
import { OAUTH_STATE_TTL_MINUTES } from '@ac/protocol/third-party';
import * as oidc from 'openid-client';
import type { OAuthIdentity } from '../../adapters/oauth/adapter.ts';
import type { OAuthProviders } from '../../adapters/oauth/providers.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, MINUTE } from '../../lib/time.ts';
import { createThirdPartyRepo } from './third-party.repo.ts';

export type FlowPurpose = 'bind' | 'login';
export type Callback = { code: string; state: string; iss?: string | undefined };

/** Where the provider may send the browser back: a path of this site or a URL on PUBLIC_URL's origin. */
export function redirectUriFor(redirect: string, publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = redirect.startsWith('/') && !redirect.startsWith('//') ? new URL(redirect, origin) : new URL(redirect);
  } catch {
    throw new AppError(Code.invalidParam, 'redirect: must be a path or a URL of this site');
  }
  if (url.origin !== origin || url.hash)
    throw new AppError(Code.invalidParam, 'redirect: must be a path or a URL of this site');
  return url.href;
}

type Deps = { db: Db; providers: OAuthProviders; publicUrl: string; now?: () => Date };

export function createOAuthFlow(d: Deps) {
  const { db, providers, publicUrl } = d;
  const now = d.now ?? (() => new Date());
  return {
    /**
     * `userId`: the account binding (null for a login); `browser`: the login
     * cookie's value (login flows), whose hash is kept with the state;
     * `userAgent`: the browser asking (WeChat's in-app browser gets its own URL).
     */
    async start(
      purpose: FlowPurpose,
      type: TThirdPartyType,
      redirect: string,
      who: { userId: string | null; browser?: string | undefined; userAgent?: string | undefined },
    ) {
      const redirectUri = redirectUriFor(redirect, publicUrl);
      if (!providers.isAvailable(type)) throw new AppError(Code.thirdTryLater, `${type} is not configured`);
      const state = oidc.randomState();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const { url, app } = await providers.authorizeUrl(type, {
        redirectUri,
        state,
        codeVerifier,
        nonce,
        userAgent: who.userAgent,
      });
      const at = now();
      const repo = createThirdPartyRepo(db);
      await repo.deleteExpiredStates(addMs(at, -DAY));
      await repo.insertState({
        stateHash: sha256Hex(state),
        provider: type,
        purpose,
        userId: who.userId,
        codeVerifier,
        nonce,
        redirectUri,
        app,
        browserHash: who.browser ? sha256Hex(who.browser) : null,
        createdAt: at,
        expiresAt: addMs(at, OAUTH_STATE_TTL_MINUTES * MINUTE),
      });
      return url;
    },

    /** Uses the state up and returns the identity; 0300068 for a state that is not this flow's. */
    async finish(
      purpose: FlowPurpose,
      type: TThirdPartyType,
      cb: Callback,
      userId: string | null,
      browser?: string,
    ): Promise<OAuthIdentity> {
      const row = await createThirdPartyRepo(db).consumeState(sha256Hex(cb.state), now());
      if (!row || row.provider !== type || row.purpose !== purpose || row.userId !== userId) {
        throw new AppError(Code.thirdLoginAgain);
      }
      if (row.browserHash && row.browserHash !== sha256Hex(browser ?? '')) throw new AppError(Code.thirdLoginAgain);
      return providers.identity(type, {
        code: cb.code,
        state: cb.state,
        iss: cb.iss,
        redirectUri: row.redirectUri,
        codeVerifier: row.codeVerifier,
        nonce: row.nonce,
        app: row.app,
      });
    },
  };
}
export type OAuthFlow = ReturnType<typeof createOAuthFlow>;
