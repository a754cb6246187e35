/**
 * Test support for the native adapters' tests: the apps registered with the
 * fakes, the parameters the login flow passes, and the run of the redirect
 * flow a browser makes (authorize URL → sign-in at the fake → the code back).
 */
import { Code } from '@ac/protocol/codes';
import * as oidc from 'openid-client';
import { afterEach, expect } from 'vitest';
import type { AuthorizeParams, CallbackParams, OAuthAdapter } from '../../../src/adapters/oauth/adapter.ts';
import { AppError } from '../../../src/lib/app-error.ts';
import type { OAuthFakeServer } from './fake-provider.ts';

export const CALLBACK = 'http://127.0.0.1:8080/secure/login/callback/';
export const app = (clientId: string) => ({
  clientId,
  clientSecret: `${clientId}-secret-0123456789`,
  redirectUris: ['http://127.0.0.1:8080/'],
});
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const WECHAT_BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50';

export function authorizeParams(type: string, userAgent?: string): AuthorizeParams {
  return {
    redirectUri: `${CALLBACK}${type}`,
    state: oidc.randomState(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    nonce: oidc.randomNonce(),
    userAgent,
  };
}

/** Signs in at the fake as `login`; the callback parameters (the state checked to come back unchanged). */
export async function signIn(
  fake: OAuthFakeServer,
  adapter: OAuthAdapter,
  login: string,
  params: AuthorizeParams,
): Promise<CallbackParams> {
  const { url, app: which } = await adapter.authorizeUrl(params);
  const back = await fake.signIn(url, login, params.userAgent);
  expect(back.href.startsWith(params.redirectUri)).toBe(true);
  expect(back.searchParams.get('state')).toBe(params.state);
  const { userAgent: _, ...rest } = params;
  return { ...rest, code: back.searchParams.get('code')!, app: which };
}

/** The catalogue code a failed exchange answers, and its detail. */
export async function refusal(p: Promise<unknown>): Promise<{ code: string; detail: string | undefined }> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return { code: (e as AppError).code, detail: (e as AppError).detail };
}
/** What the adapter answers when the provider's API is down (503 with an HTML page) at the exchange. */
export async function duringOutage(fake: OAuthFakeServer, adapter: OAuthAdapter, type: string) {
  const callback = await signIn(fake, adapter, 'outage', authorizeParams(type));
  fake.failNext(1);
  return refusal(adapter.identity(callback));
}

export const AGAIN = Code.thirdLoginAgain;
export const LATER = Code.thirdTryLater;

/** Fakes started by a test, closed after it. */
export function fakesOfEachTest() {
  const started: OAuthFakeServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((f) => f.close()));
  });
  return <T extends OAuthFakeServer>(fake: T) => {
    started.push(fake);
    return fake;
  };
}

/**
 * The flows the tests of a native adapter run against its fake, `type` being the provider's key in
 * the callback URL ('qq'): signing in as a login (from a user agent), the identity the code is
 * exchanged for, and the refusals of a code used twice, of an exchange, and during an outage.
 */
export function nativeFlows<F extends OAuthFakeServer>(type: string, fake: F, adapter: OAuthAdapter) {
  const callback = (login: string, userAgent?: string) =>
    signIn(fake, adapter, login, authorizeParams(type, userAgent));
  return {
    fake,
    adapter,
    callback,
    identityOf: async (login: string, userAgent?: string) => adapter.identity(await callback(login, userAgent)),
    /** The refusal of a code of `login` exchanged a second time. */
    async reusedCodeRefusal(login: string) {
      const once = await callback(login);
      await adapter.identity(once);
      return refusal(adapter.identity(once));
    },
    /** The refusal of the exchange of a code of `login`, with `change` made to the callback parameters. */
    exchangeRefusal: async (login: string, change: Partial<CallbackParams> = {}) =>
      refusal(adapter.identity({ ...(await callback(login)), ...change })),
    duringOutage: () => duringOutage(fake, adapter, type),
  };
}
