/**
 * A testbed for the third-party tests: a real OIDC provider configured as
 * google, the app with the demo data and a second account, and helpers that
 * run the redirect flow the way a browser does.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import type { TAuthorizeResponse, TBindThirdPartyListResponse, TThirdLoginResponse } from '@ac/protocol/third-party';
import { expect } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/hashing.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { startOidcProvider } from './oidc-provider.ts';
import { createTestApp } from './test-app.ts';

export const REDIRECT = '/account/secure/third_bind';
export const REDIRECT_URI = `http://127.0.0.1:8080${REDIRECT}`;
export const OTHER_EMAIL = 'other@example.com';

export async function startThirdPartyTestbed() {
  const op = await startOidcProvider({
    clientId: 'ac-web',
    clientSecret: 'ac-web-secret-0123456789',
    redirectUris: [REDIRECT_URI],
  });
  const t = await createTestApp({
    demo: true,
    env: {
      OAUTH_GOOGLE_CLIENT_ID: 'ac-web',
      OAUTH_GOOGLE_CLIENT_SECRET: 'ac-web-secret-0123456789',
      OAUTH_GOOGLE_ISSUER: op.issuer,
      // a configured provider whose issuer does not answer
      OAUTH_FACEBOOK_CLIENT_ID: 'fb',
      OAUTH_FACEBOOK_CLIENT_SECRET: 'fb-secret',
      OAUTH_FACEBOOK_ISSUER: 'http://127.0.0.1:9/',
    },
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await t.db
    .insert(users)
    .values({ name: 'other', nickName: 'Other', email: OTHER_EMAIL, passwordHash, isActivate: true });

  async function login(account: string) {
    const res = await t.client.call<TLoginResponse>(calls.session.login, { account, password: DEMO_PASSWORD });
    return res.data.utoken;
  }

  /** Starts a flow (binding with a token, login without), signs in at the provider as `sub`. */
  async function flow(sub: string, token?: string) {
    const path = token ? calls.thirdParty.bindingUrl : calls.thirdParty.loginUrl;
    const start = await t.client.call<TAuthorizeResponse>(path, { type: 'google', redirect: REDIRECT }, { token });
    expect(start.code, start.msg).toBe(Code.ok);
    const back = await op.authorize(start.data.url, sub);
    const browser = start.cookies.find((c) => c.name === 'ac_oauth_login')?.value;
    const params = {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      iss: back.searchParams.get('iss') ?? undefined,
    };
    return { params, cookie: `ac_oauth_login=${browser ?? ''}` };
  }

  return {
    t,
    op,
    demo: await login(DEMO_EMAIL),
    other: await login(OTHER_EMAIL),
    flow,
    callback: async (sub: string, token?: string) => (await flow(sub, token)).params,
    /** The whole login flow from one browser. */
    async thirdLogin<T = TThirdLoginResponse>(sub: string) {
      const { params, cookie } = await flow(sub);
      return t.client.call<T>(calls.thirdParty.loginWith('google'), params, { headers: { cookie } });
    },
    async bind(token: string, sub: string) {
      const params = (await flow(sub, token)).params;
      return t.client.call(calls.thirdParty.bind, { type: 'google', ...params }, { token });
    },
    list: (token: string) => t.client.call<TBindThirdPartyListResponse>(calls.thirdParty.list, {}, { token }),
    async close() {
      await t.close();
      await op.close();
    },
  };
}
export type ThirdPartyTestbed = Awaited<ReturnType<typeof startThirdPartyTestbed>>;
