/**
 * QQ login without a broker (docs/decisions/0023-native-oauth.md), QQ
 * Connect's OAuth 2 on graph.qq.com: oauth2.0/authorize (display=mobile on
 * a phone), oauth2.0/token
 * (fmt=json, the redirect_uri of the authorize URL), oauth2.0/me
 * (unionid=1: openid and unionid; its client_id must be ours) and
 * user/get_user_info (nickname, figureurl_qq_2). Errors come as `{error,
 * error_description}` from oauth2.0/* and `{ret, msg}` from the user API.
 * The subject is the unionid when QQ gives one, else the openid. No PKCE:
 * QQ Connect has none.
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

const GRAPH = 'https://graph.qq.com';
/** 100019 code to access token failed, 100020 code used again: the user starts again. */
const CODE_ERRORS = new Set(['100019', '100020']);

type Options = { app: OAuthApp; apiBase: string | undefined };

export function createQqAdapter(o: Options): OAuthAdapter {
  async function oauth(path: string, query: Record<string, string>): Promise<Json> {
    const { status, body } = await requestJson('qq', providerUrl(o.apiBase, GRAPH, path, query));
    const error = id(body.error);
    if (error && error !== '0') {
      if (path.endsWith('/token') && CODE_ERRORS.has(error)) throw codeRefused('qq', `error ${error}`);
      throw providerFailed('qq', `${path} error ${error}`);
    }
    if (status !== 200) throw providerFailed('qq', `${path} answered HTTP ${status}`);
    return body;
  }

  return {
    async authorizeUrl({ redirectUri, state, userAgent }) {
      const url = providerUrl(o.apiBase, GRAPH, '/oauth2.0/authorize', {
        response_type: 'code',
        client_id: o.app.clientId,
        redirect_uri: redirectUri,
        state,
        scope: 'get_user_info',
        display: isPhoneBrowser(userAgent) ? 'mobile' : undefined,
      });
      return { url: url.href, app: null };
    },

    async identity({ code, redirectUri }) {
      const token = await oauth('/oauth2.0/token', {
        grant_type: 'authorization_code',
        client_id: o.app.clientId,
        client_secret: o.app.clientSecret,
        code,
        redirect_uri: redirectUri,
        fmt: 'json',
      });
      const accessToken = str(token.access_token);
      if (!accessToken) throw providerFailed('qq', 'token answered no access_token');
      const me = await oauth('/oauth2.0/me', { access_token: accessToken, unionid: '1', fmt: 'json' });
      const openid = str(me.openid);
      if (!openid) throw providerFailed('qq', 'me answered no openid');
      if (id(me.client_id) !== o.app.clientId) throw codeRefused('qq', 'the access token is another app’s');
      const url = providerUrl(o.apiBase, GRAPH, '/user/get_user_info', {
        access_token: accessToken,
        oauth_consumer_key: o.app.clientId,
        openid,
      });
      const { body: info } = await requestJson('qq', url);
      if (info.ret !== 0) throw providerFailed('qq', `get_user_info ret ${String(info.ret)}`);
      return {
        subject: str(me.unionid) ?? openid,
        name: str(info.nickname),
        picture: str(info.figureurl_qq_2) ?? str(info.figureurl_qq_1),
        email: null,
      };
    },
  };
}
