/**
 * Test support: a local fake of Weibo's OAuth 2 (open.weibo.com/wiki), under
 * `/weibo` of the fake server:
 * - GET /oauth2/authorize: client_id, a registered redirect_uri,
 *   response_type=code, a known display; back to `redirect_uri?code&state` (on Cancel
 *   `error=access_denied&error_code=21330&state`);
 * - POST /oauth2/access_token (form or query): client_id, client_secret,
 *   grant_type, code (single use, of that app), redirect_uri equal to the
 *   authorize one → access_token, uid;
 * - GET /2/users/show.json: access_token, uid → id, idstr, screen_name, avatar_large.
 * Errors as Weibo sends them: HTTP 400 with `{error, error_code, request}`.
 */
import type { FakeAnswer, FakeApp, FakeStore, ProviderFake } from './fake-provider.ts';
import { backWithCode, findApp, grantOf, redirectAllowed, stableId, withQuery } from './fake-provider.ts';

export type WeiboFakeOptions = { app: FakeApp };

const err = (request: string, error: string, errorCode: number, status = 400): FakeAnswer => ({
  status,
  json: { error, error_code: errorCode, request },
});

export function weiboFake(o: WeiboFakeOptions, store: FakeStore): ProviderFake {
  // ten digits, like Weibo's
  const uid = (login: string) => `1${stableId(['weibo', login], 9, '0123456789')}`;
  const errorPage = (error: string, code: number): FakeAnswer => ({
    status: 400,
    html: `<html><body><p>错误码: ${code}</p><p>${error}</p></body></html>`,
  });
  const TOKEN = '/oauth2/access_token';
  const SHOW = '/2/users/show.json';

  return {
    name: 'Weibo',
    authorize: {
      '/oauth2/authorize': ({ params: q }) => {
        const app = findApp([o.app], q.get('client_id'));
        if (!app) return errorPage('invalid_client', 21324);
        if (!redirectAllowed(app, q.get('redirect_uri'))) return errorPage('redirect_uri_mismatch', 21322);
        if (q.get('response_type') !== 'code') return errorPage('unsupported_response_type', 21329);
        const display = q.get('display') ?? 'default';
        if (!['default', 'mobile', 'wap', 'client', 'apponweibo'].includes(display))
          return errorPage('invalid_request', 21323);
        return grantOf(app, q, q.get('scope') ?? '');
      },
    },
    redirect: backWithCode,
    declined: (g) =>
      withQuery(g.redirectUri, {
        error_uri: '/oauth2/authorize',
        error: 'access_denied',
        error_description: 'user denied your request.',
        error_code: '21330',
        state: g.state,
      }),
    api: {
      [TOKEN]: ({ method, params: q }) => {
        if (method !== 'POST') return err(TOKEN, 'HTTP METHOD is not suported for this request!', 10021);
        const app = findApp([o.app], q.get('client_id'));
        if (!app || q.get('client_secret') !== app.clientSecret) return err(TOKEN, 'invalid_client', 21324);
        if (q.get('grant_type') !== 'authorization_code') return err(TOKEN, 'unsupported_grant_type', 21328);
        const use = store.takeCode(q.get('code'));
        if ('error' in use || use.grant.clientId !== app.clientId) return err(TOKEN, 'invalid_grant', 21325);
        const g = use.grant;
        if (q.get('redirect_uri') !== g.redirectUri) return err(TOKEN, 'redirect_uri_mismatch', 21322);
        return {
          status: 200,
          json: {
            access_token: store.issueToken(g),
            remind_in: '157679999',
            expires_in: 157679999,
            uid: uid(g.login),
            isRealName: 'true',
          },
        };
      },
      [SHOW]: ({ params: q }) => {
        const g = store.token(q.get('access_token'));
        if (!g) return err(SHOW, 'invalid_access_token', 21332, 401);
        const id = q.get('uid');
        // any user is public; an unknown uid is not
        if (id !== uid(g.login)) return err(SHOW, 'User does not exists!', 20003);
        const face = `https://img.example.com/weibo/${encodeURIComponent(g.login)}`;
        return {
          status: 200,
          json: {
            id: Number(id),
            idstr: id,
            screen_name: `Person ${g.login}`,
            name: `Person ${g.login}`,
            profile_image_url: `${face}/50`,
            avatar_large: `${face}/180`,
            avatar_hd: `${face}/hd`,
          },
        };
      },
    },
  };
}
