/**
 * WeChat login without a broker (docs/decisions/0023-native-oauth.md):
 * - the website QR login (open.weixin.qq.com/connect/qrconnect, scope
 *   snsapi_login) with the Open Platform website app;
 * - inside the WeChat browser (User-Agent with MicroMessenger), when an
 *   official-account app is configured (OAUTH_WX_INAPP_*), the in-app
 *   authorize URL (connect/oauth2/authorize, scope snsapi_userinfo), whose
 *   code is exchanged with that app's secret;
 * then sns/oauth2/access_token and sns/userinfo on api.weixin.qq.com.
 * WeChat answers errors as `{errcode, errmsg}` with HTTP 200. The subject is
 * the unionid when WeChat gives one (the same in every app of the company's
 * Open Platform account), else the openid. No PKCE: WeChat has none.
 */
import type { OAuthApp } from '../../config/oauth.ts';
import type { OAuthAdapter } from './adapter.ts';
import { codeRefused, type Json, providerFailed, providerUrl, requestJson, str } from './native-http.ts';

const OPEN = 'https://open.weixin.qq.com';
const API = 'https://api.weixin.qq.com';
/** The state's `app` of a flow that used the official-account app. */
export const WECHAT_IN_APP = 'inApp';
/** 40029 invalid code, 40163 code been used, 41008 missing code: the user starts again. */
const CODE_ERRORS = new Set([40029, 40163, 41008]);

export const isWechatBrowser = (userAgent: string | undefined) => /MicroMessenger/i.test(userAgent ?? '');

type Options = { app: OAuthApp; inApp: OAuthApp | undefined; apiBase: string | undefined };

export function createWechatAdapter(o: Options): OAuthAdapter {
  async function call(path: string, query: Record<string, string>): Promise<Json> {
    const { body } = await requestJson('wechat', providerUrl(o.apiBase, API, path, query));
    const errcode = typeof body.errcode === 'number' ? body.errcode : 0;
    if (errcode === 0) return body;
    if (path.endsWith('access_token') && CODE_ERRORS.has(errcode)) throw codeRefused('wechat', `errcode ${errcode}`);
    throw providerFailed('wechat', `${path} errcode ${errcode}`);
  }

  return {
    async authorizeUrl({ redirectUri, state, userAgent }) {
      const inApp = o.inApp !== undefined && isWechatBrowser(userAgent);
      const app = inApp ? o.inApp! : o.app;
      // WeChat reads the parameters in this order
      const url = providerUrl(o.apiBase, OPEN, inApp ? '/connect/oauth2/authorize' : '/connect/qrconnect', {
        appid: app.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: inApp ? 'snsapi_userinfo' : 'snsapi_login',
        state,
      });
      url.hash = 'wechat_redirect';
      return { url: url.href, app: inApp ? WECHAT_IN_APP : null };
    },

    async identity({ code, app: which }) {
      const app = which === WECHAT_IN_APP && o.inApp ? o.inApp : o.app;
      const token = await call('/sns/oauth2/access_token', {
        appid: app.clientId,
        secret: app.clientSecret,
        code,
        grant_type: 'authorization_code',
      });
      const accessToken = str(token.access_token);
      const openid = str(token.openid);
      if (!accessToken || !openid) throw providerFailed('wechat', 'access_token answered no token or openid');
      const info = await call('/sns/userinfo', { access_token: accessToken, openid });
      if (str(info.openid) !== openid) throw providerFailed('wechat', 'userinfo answered another openid');
      return {
        subject: str(info.unionid) ?? str(token.unionid) ?? openid,
        name: str(info.nickname),
        picture: str(info.headimgurl),
        email: null,
      };
    },
  };
}
