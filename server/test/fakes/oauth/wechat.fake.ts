/**
 * Test support: a local fake of WeChat's login (developers.weixin.qq.com:
 * website app "网站应用微信登录" and the official account's web
 * authorization "网页授权"), under `/wx` of the fake server:
 * - GET /connect/qrconnect (the website app, scope snsapi_login) and GET
 *   /connect/oauth2/authorize (the official-account app, scope
 *   snsapi_userinfo, only inside the WeChat browser): appid, a registered
 *   redirect_uri, response_type=code; back to `redirect_uri?code&state`
 *   (on Cancel `?state` alone);
 * - GET /sns/oauth2/access_token: appid, secret, code (single use, of that
 *   app), grant_type=authorization_code → access_token, openid (per app),
 *   unionid (per person, when the apps share an Open Platform account);
 * - GET /sns/userinfo: access_token and its openid → nickname, headimgurl, unionid.
 * Errors as WeChat sends them: `{errcode, errmsg}` with HTTP 200.
 */
import type { FakeAnswer, FakeApp, FakeRequest, FakeStore, Grant, ProviderFake } from './fake-provider.ts';
import { backWithCode, backWithStateOnly, findApp, grantOf, redirectAllowed, stableId } from './fake-provider.ts';

export type WechatFakeOptions = {
  /** The Open Platform website app (QR login). */
  web: FakeApp;
  /** The official-account app (in the WeChat browser). */
  inApp?: FakeApp;
  /** False: the apps are bound to no Open Platform account, so WeChat sends no unionid. */
  unionid?: boolean;
};

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const err = (errcode: number, errmsg: string): FakeAnswer => ({ status: 200, json: { errcode, errmsg } });
const errorPage = (text: string): FakeAnswer => ({ status: 200, html: `<html><body><p>${text}</p></body></html>` });

export function wechatFake(o: WechatFakeOptions, store: FakeStore): ProviderFake {
  const apps = [o.web, ...(o.inApp ? [o.inApp] : [])];
  const openid = (appId: string, login: string) => `o${stableId(['wx', appId, login], 27, B64)}`;
  const unionid = (login: string) => (o.unionid === false ? undefined : `o${stableId(['wx-union', login], 27, B64)}`);

  function authorize(app: FakeApp | undefined, scopes: string[]) {
    return (req: FakeRequest): Omit<Grant, 'login'> | FakeAnswer => {
      const q = req.params;
      if (!app || q.get('appid') !== app.clientId) return errorPage('appid 参数错误 (invalid appid)');
      if (!redirectAllowed(app, q.get('redirect_uri'))) return errorPage('redirect_uri 参数错误');
      if (q.get('response_type') !== 'code') return errorPage('response_type 参数错误');
      if (!scopes.includes(q.get('scope') ?? '')) return errorPage('scope 参数错误或没有 scope 权限');
      if ((q.get('state') ?? '').length > 128) return errorPage('state 参数错误');
      return grantOf(app, q, q.get('scope')!);
    };
  }
  const qr = authorize(o.web, ['snsapi_login']);
  const inApp = authorize(o.inApp, ['snsapi_userinfo', 'snsapi_base']);

  return {
    name: 'WeChat',
    authorize: {
      '/connect/qrconnect': qr,
      '/connect/oauth2/authorize': (req) =>
        /MicroMessenger/.test(req.headers['user-agent'] ?? '') ? inApp(req) : errorPage('请在微信客户端打开链接'),
    },
    redirect: backWithCode,
    declined: backWithStateOnly,
    api: {
      '/sns/oauth2/access_token': ({ params: q }) => {
        if (!q.get('appid')) return err(41002, 'appid missing');
        const app = findApp(apps, q.get('appid'));
        if (!app) return err(40013, 'invalid appid');
        if (q.get('secret') !== app.clientSecret) return err(40125, 'invalid appsecret');
        if (q.get('grant_type') !== 'authorization_code') return err(40002, 'invalid grant_type');
        if (!q.get('code')) return err(41008, 'missing code');
        const use = store.takeCode(q.get('code'));
        if ('error' in use) return use.error === 'used' ? err(40163, 'code been used') : err(40029, 'invalid code');
        if (use.grant.clientId !== app.clientId) return err(40029, 'invalid code');
        const g = use.grant;
        return {
          status: 200,
          json: {
            access_token: store.issueToken(g),
            expires_in: 7200,
            refresh_token: store.issueToken(g),
            openid: openid(app.clientId, g.login),
            scope: g.scope,
            ...(unionid(g.login) ? { unionid: unionid(g.login) } : {}),
          },
        };
      },
      '/sns/userinfo': ({ params: q }) => {
        const g = store.token(q.get('access_token'));
        if (!g) return err(40001, 'invalid credential, access_token is invalid or not latest');
        if (q.get('openid') !== openid(g.clientId, g.login)) return err(40003, 'invalid openid');
        if (g.scope === 'snsapi_base') return err(48001, 'api unauthorized');
        return {
          status: 200,
          json: {
            openid: openid(g.clientId, g.login),
            nickname: `Person ${g.login}`,
            sex: 0,
            province: '',
            city: '',
            country: '',
            headimgurl: `https://img.example.com/wx/${encodeURIComponent(g.login)}.png`,
            privilege: [],
            ...(unionid(g.login) ? { unionid: unionid(g.login) } : {}),
          },
        };
      },
    },
  };
}
