/**
 * Weibo login without a broker (docs/decisions/0023-native-oauth.md), on
 * api.weibo.com: oauth2/authorize (display=mobile on a phone), POST oauth2/access_token (the
 * redirect_uri of the authorize URL) → access_token and uid, then
 * 2/users/show.json (screen_name, avatar_large). Errors come as `{error,
 * error_code, request}` with an HTTP error status. The subject is the uid.
 * No PKCE: Weibo has none.
 */
import type { OAuthApp } from '../../config/oauth.ts';
import type { OAuthAdapter } from './adapter.ts';
import {
  codeRefused,
  id,
  isPhoneBrowser,
  type Json,
  providerFailed,
  providerUrl,
  requestJson,
  str,
} from './native-http.ts';

const API = 'https://api.weibo.com';
/** 21325 invalid_grant: the code is invalid, expired or used; the user starts again. */
const CODE_ERRORS = new Set([21325]);

type Options = { app: OAuthApp; apiBase: string | undefined };

function checked(path: string, { status, body }: { status: number; body: Json }): Json {
  const code = typeof body.error_code === 'number' ? body.error_code : Number(body.error_code);
  if (body.error || status !== 200) {
    const detail = `${path} error ${str(body.error) ?? '?'} ${Number.isFinite(code) ? code : status}`;
    if (path.endsWith('access_token') && CODE_ERRORS.has(code)) throw codeRefused('weibo', detail);
    throw providerFailed('weibo', detail);
  }
  return body;
}

export function createWeiboAdapter(o: Options): OAuthAdapter {
  return {
    async authorizeUrl({ redirectUri, state, userAgent }) {
      const url = providerUrl(o.apiBase, API, '/oauth2/authorize', {
        client_id: o.app.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        state,
        display: isPhoneBrowser(userAgent) ? 'mobile' : undefined,
      });
      return { url: url.href, app: null };
    },

    async identity({ code, redirectUri }) {
      const tokenPath = '/oauth2/access_token';
      const token = checked(
        tokenPath,
        await requestJson('weibo', providerUrl(o.apiBase, API, tokenPath), {
          client_id: o.app.clientId,
          client_secret: o.app.clientSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
        }),
      );
      const accessToken = str(token.access_token);
      const uid = id(token.uid);
      if (!accessToken || !uid) throw providerFailed('weibo', 'access_token answered no token or uid');
      const showPath = '/2/users/show.json';
      const user = checked(
        showPath,
        await requestJson('weibo', providerUrl(o.apiBase, API, showPath, { access_token: accessToken, uid })),
      );
      if ((id(user.idstr) ?? id(user.id)) !== uid) throw providerFailed('weibo', 'users/show answered another uid');
      return {
        subject: uid,
        name: str(user.screen_name) ?? str(user.name),
        picture: str(user.avatar_large) ?? str(user.profile_image_url),
        email: null,
      };
    },
  };
}
