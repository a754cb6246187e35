/**
 * Test support: a local fake of QQ Connect's OAuth 2 (wiki.connect.qq.com),
 * under `/qq` of the fake server:
 * - GET /oauth2.0/authorize: response_type=code, client_id, a registered
 *   redirect_uri, state, display pc or mobile; back to `redirect_uri?code&state` (on Cancel `?state` alone);
 * - GET /oauth2.0/token: grant_type, client_id, client_secret, code (single
 *   use, of that app), redirect_uri equal to the authorize one; with
 *   fmt=json a JSON answer, else QQ's old `access_token=…&expires_in=…` form;
 * - GET /oauth2.0/me: access_token (fmt=json; unionid=1 adds the unionid)
 *   → client_id, openid;
 * - GET /user/get_user_info: access_token, oauth_consumer_key (the app),
 *   openid → `{ret:0, nickname, figureurl_qq_2, …}`.
 * Errors as QQ sends them: `{error, error_description}` from oauth2.0/*
 * (`callback( … );` without fmt=json), `{ret, msg}` from the user API.
 */
import type { FakeAnswer, FakeApp, FakeStore, ProviderFake } from './fake-provider.ts';
import { backWithCode, backWithStateOnly, findApp, grantOf, redirectAllowed, stableId } from './fake-provider.ts';

export type QqFakeOptions = { app: FakeApp; unionid?: boolean };

export function qqFake(o: QqFakeOptions, store: FakeStore): ProviderFake {
  const openid = (appId: string, login: string) => stableId(['qq', appId, login], 32);
  const unionid = (login: string) => `UID_${stableId(['qq-union', login], 32)}`;

  const oauthError = (json: boolean, error: number, description: string): FakeAnswer => {
    const body = { error, error_description: description };
    return json ? { status: 200, json: body } : { status: 200, text: `callback( ${JSON.stringify(body)} );` };
  };
  const errorPage = (code: number, text: string): FakeAnswer => ({
    status: 200,
    html: `<html><body><p>error: ${code}</p><p>${text}</p></body></html>`,
  });

  return {
    name: 'QQ',
    authorize: {
      '/oauth2.0/authorize': ({ params: q }) => {
        if (q.get('response_type') !== 'code') return errorPage(100000, 'response_type is wrong');
        const app = findApp([o.app], q.get('client_id'));
        if (!app) return errorPage(100008, 'client id is illegal');
        if (!redirectAllowed(app, q.get('redirect_uri'))) return errorPage(100010, 'redirect uri is illegal');
        if (!q.get('state')) return errorPage(100029, 'state is required');
        if (!['pc', 'mobile'].includes(q.get('display') ?? 'pc')) return errorPage(100000, 'display is wrong');
        return grantOf(app, q, q.get('scope') ?? 'get_user_info');
      },
    },
    redirect: backWithCode,
    declined: backWithStateOnly,
    api: {
      '/oauth2.0/token': ({ params: q }) => {
        const json = q.get('fmt') === 'json';
        if (q.get('grant_type') !== 'authorization_code') return oauthError(json, 100004, 'param grant_type is wrong');
        if (!q.get('client_id')) return oauthError(json, 100001, 'param client_id is wrong or lost');
        const app = findApp([o.app], q.get('client_id'));
        if (!app) return oauthError(json, 100008, 'client id is illegal');
        if (q.get('client_secret') !== app.clientSecret) return oauthError(json, 100009, 'client secret is illegal');
        if (!q.get('code')) return oauthError(json, 100005, 'param code is wrong or lost');
        const use = store.takeCode(q.get('code'));
        if ('error' in use) {
          return use.error === 'used'
            ? oauthError(json, 100020, 'code is reused error')
            : oauthError(json, 100019, 'code to access token error');
        }
        const g = use.grant;
        if (g.clientId !== app.clientId) return oauthError(json, 100019, 'code to access token error');
        if (q.get('redirect_uri') !== g.redirectUri) return oauthError(json, 100010, 'redirect uri is illegal');
        const token = store.issueToken(g);
        const answer = { access_token: token, expires_in: '7776000', refresh_token: store.issueToken(g) };
        return json ? { status: 200, json: answer } : { status: 200, text: new URLSearchParams(answer).toString() };
      },
      '/oauth2.0/me': ({ params: q }) => {
        const json = q.get('fmt') === 'json';
        const g = store.token(q.get('access_token'));
        if (!g) return oauthError(json, 100016, 'access token check failed');
        const body = {
          client_id: g.clientId,
          openid: openid(g.clientId, g.login),
          ...(q.get('unionid') === '1' && o.unionid !== false ? { unionid: unionid(g.login) } : {}),
        };
        return json ? { status: 200, json: body } : { status: 200, text: `callback( ${JSON.stringify(body)} );` };
      },
      '/user/get_user_info': ({ params: q }) => {
        const g = store.token(q.get('access_token'));
        if (!g) return { status: 200, json: { ret: 100016, msg: 'access token check failed' } };
        if (q.get('oauth_consumer_key') !== g.clientId) {
          return { status: 200, json: { ret: -22, msg: "client request's app is not existed" } };
        }
        if (q.get('openid') !== openid(g.clientId, g.login)) {
          return { status: 200, json: { ret: -1, msg: "client request's parameters are invalid, invalid openid" } };
        }
        const face = `https://img.example.com/qq/${encodeURIComponent(g.login)}`;
        return {
          status: 200,
          json: {
            ret: 0,
            msg: '',
            is_lost: 0,
            nickname: `Person ${g.login}`,
            gender: '男',
            figureurl: `${face}/30`,
            figureurl_1: `${face}/50`,
            figureurl_2: `${face}/100`,
            figureurl_qq_1: `${face}/qq40`,
            figureurl_qq_2: `${face}/qq100`,
          },
        };
      },
    },
  };
}
