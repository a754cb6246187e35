/**
 * Binding and logging in through the native adapters (WeChat, QQ, Weibo in
 * the China region, Facebook overseas), through the envelope calls, against
 * the local fakes of the providers (adapters/oauth/fakes.ts) — on PGlite,
 * and on PostgreSQL in the server-pg project.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TThirdPartyType } from '@ac/protocol/enums';
import type { TLoginResponse } from '@ac/protocol/session';
import type { TAuthorizeResponse, TBindThirdPartyListResponse } from '@ac/protocol/third-party';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthFakeServer } from '../../../test/fakes/oauth/fake-provider.ts';
import { startOAuthFakes } from '../../../test/fakes/oauth/fakes.ts';
import { WECHAT_BROWSER } from '../../../test/fakes/oauth/native-support.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const app = (clientId: string, type: string, base = '/secure') => ({
  clientId,
  clientSecret: `${clientId}-secret-0123456789`,
  redirectUris: [`${ORIGIN}${base}/third_bind/callback/${type}`, `${ORIGIN}${base}/login/callback/${type}`],
});
const APPS = {
  wx: app('wxwebsite0123456', 'wx'),
  wxInApp: app('wxofficial0123456', 'wx'),
  qq: app('101999888', 'qq'),
  weibo: app('3456789012', 'weibo'),
  facebook: app('1234567890123456', 'facebook', '/account/secure'),
};
const env = (type: string, a: { clientId: string; clientSecret: string }, base: string) => ({
  [`OAUTH_${type}_CLIENT_ID`]: a.clientId,
  [`OAUTH_${type}_CLIENT_SECRET`]: a.clientSecret,
  [`OAUTH_${type}_API_BASE`]: base,
});

let fake: OAuthFakeServer;
let cn: TestApp;
let us: TestApp;
beforeAll(async () => {
  fake = await startOAuthFakes({
    wx: { web: APPS.wx, inApp: APPS.wxInApp },
    qq: { app: APPS.qq },
    weibo: { app: APPS.weibo },
    facebook: { app: APPS.facebook },
  });
  cn = await createTestApp({
    region: 'cn',
    demo: true,
    env: {
      ...env('WX', APPS.wx, fake.base('wx')),
      OAUTH_WX_INAPP_CLIENT_ID: APPS.wxInApp.clientId,
      OAUTH_WX_INAPP_CLIENT_SECRET: APPS.wxInApp.clientSecret,
      ...env('QQ', APPS.qq, fake.base('qq')),
      ...env('WEIBO', APPS.weibo, fake.base('weibo')),
    },
  });
  us = await createTestApp({ region: 'us', demo: true, env: env('FACEBOOK', APPS.facebook, fake.base('facebook')) });
});
afterAll(async () => {
  await Promise.all([cn?.close(), us?.close()]);
  await fake?.close();
});

async function logIn(t: TestApp) {
  const res = await t.client.call<TLoginResponse>(calls.session.login, {
    account: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  return res.data.utoken;
}

/** Starts a flow (binding with a token, login without) and signs in at the fake as `person`. */
async function flow(t: TestApp, type: TThirdPartyType, person: string, o: { token?: string; userAgent?: string } = {}) {
  const base = t.config.region === 'us' ? '/account/secure' : '/secure';
  const redirect = `${base}/${o.token ? 'third_bind' : 'login'}/callback/${type}`;
  const path = o.token ? calls.thirdParty.bindingUrl : calls.thirdParty.loginUrl;
  const headers = o.userAgent ? { 'user-agent': o.userAgent } : undefined;
  const start = await t.client.call<TAuthorizeResponse>(path, { type, redirect }, { token: o.token, headers });
  expect(start.code, start.msg).toBe(Code.ok);
  const back = await fake.signIn(start.data.url, person, o.userAgent);
  const browser = start.cookies.find((c) => c.name === 'ac_oauth_login')?.value ?? '';
  return {
    url: new URL(start.data.url),
    params: { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! },
    headers: { cookie: `ac_oauth_login=${browser}`, ...headers },
  };
}

async function bind(t: TestApp, type: TThirdPartyType, person: string) {
  const token = await logIn(t);
  const { params } = await flow(t, type, person, { token });
  return t.client.call(calls.thirdParty.bind, { type, ...params }, { token });
}

async function thirdLogin(t: TestApp, type: TThirdPartyType, person: string, userAgent?: string) {
  const { params, headers } = await flow(t, type, person, { userAgent });
  return t.client.call<TLoginResponse>(calls.thirdParty.loginWith(type), params, { headers });
}

describe('native logins', () => {
  it.each(['wx', 'qq', 'weibo'] as const)('binds %s to a China account and logs in with it', async (type) => {
    const person = `${type}-alice`;
    const bound = await bind(cn, type, person);
    expect(bound.code, bound.msg).toBe(Code.ok);
    const list = await cn.client.call<TBindThirdPartyListResponse>(
      calls.thirdParty.list,
      {},
      { token: await logIn(cn) },
    );
    expect(list.data.rows.find((r) => r.type === type)).toMatchObject({
      bound: true,
      available: true,
      name: `Person ${person}`,
    });
    const res = await thirdLogin(cn, type, person);
    expect(res.code, res.msg).toBe(Code.ok);
    expect(res.data.userInfo.email).toBe(DEMO_EMAIL);
    expect((await cn.client.call(calls.session.userInfo, {}, { token: res.data.utoken })).code).toBe(Code.ok);
  });

  it('logs a WeChat identity in from the WeChat browser through the official account (same unionid)', async () => {
    const { url } = await flow(cn, 'wx', 'wx-alice', { userAgent: WECHAT_BROWSER });
    expect(url.pathname).toBe('/wx/connect/oauth2/authorize');
    expect(url.searchParams.get('appid')).toBe(APPS.wxInApp.clientId);
    const res = await thirdLogin(cn, 'wx', 'wx-alice', WECHAT_BROWSER);
    expect(res.code, res.msg).toBe(Code.ok);
    expect(res.data.userInfo.email).toBe(DEMO_EMAIL);
  });

  it('binds Facebook to an overseas account and logs in with it (PKCE)', async () => {
    expect((await bind(us, 'facebook', 'fb-alice')).code).toBe(Code.ok);
    const { url, params, headers } = await flow(us, 'facebook', 'fb-alice');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const res = await us.client.call<TLoginResponse>(calls.thirdParty.loginWith('facebook'), params, { headers });
    expect(res.code, res.msg).toBe(Code.ok);
    expect(res.data.userInfo.email).toBe(DEMO_EMAIL);
  });

  it('answers needRegister for an unbound identity, with its name', async () => {
    const { params, headers } = await flow(cn, 'weibo', 'weibo-new');
    const res = await cn.client.call(calls.thirdParty.loginWith('weibo'), params, { headers });
    expect(res.data).toMatchObject({ needRegister: true, profile: { name: 'Person weibo-new', email: null } });
  });

  it('answers 0300068 for a code the provider refuses and 0300066 while it is down', async () => {
    const forged = await flow(cn, 'qq', 'qq-alice');
    const refused = await cn.client.call(
      calls.thirdParty.loginWith('qq'),
      { ...forged.params, code: 'forged' },
      {
        headers: forged.headers,
      },
    );
    expect(refused.code).toBe(Code.thirdLoginAgain);
    const down = await flow(cn, 'wx', 'wx-alice');
    fake.failNext(1);
    const res = await cn.client.call(calls.thirdParty.loginWith('wx'), down.params, { headers: down.headers });
    expect(res.code).toBe(Code.thirdTryLater);
  });

  it('logs in once when the same callback is posted five times at once', async () => {
    const { params, headers } = await flow(cn, 'wx', 'wx-alice');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cn.client.call(calls.thirdParty.loginWith('wx'), params, { headers })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([Code.ok, ...Array(4).fill(Code.thirdLoginAgain)].sort());
  });
});
