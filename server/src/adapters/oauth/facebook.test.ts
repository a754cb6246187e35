/** The Facebook adapter against the local fake of Facebook Login's manual flow (facebook.fake.ts). */
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { startOAuthFakes } from '../../../test/fakes/oauth/fakes.ts';
import {
  AGAIN,
  app,
  authorizeParams,
  fakesOfEachTest,
  LATER,
  nativeFlows,
  refusal,
  signIn,
} from '../../../test/fakes/oauth/native-support.ts';
import { createFacebookAdapter } from './facebook.ts';

const APP = { ...app('1234567890123456'), redirectUris: ['http://127.0.0.1:8080/secure/login/callback/facebook'] };
const track = fakesOfEachTest();

async function setup(secret = APP.clientSecret) {
  const fake = track(await startOAuthFakes({ facebook: { app: APP } }));
  const adapter = createFacebookAdapter({
    app: { clientId: APP.clientId, clientSecret: secret },
    apiBase: fake.base('facebook'),
    version: 'v23.0',
  });
  return nativeFlows('facebook', fake, adapter);
}

describe('Facebook login', () => {
  it('makes the dialog URL at the configured version with state and a PKCE S256 challenge', async () => {
    const p = authorizeParams('facebook');
    const adapter = createFacebookAdapter({ app: APP, apiBase: undefined, version: 'v23.0' });
    const u = new URL((await adapter.authorizeUrl(p)).url);
    expect(`${u.origin}${u.pathname}`).toBe('https://www.facebook.com/v23.0/dialog/oauth');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      client_id: APP.clientId,
      redirect_uri: p.redirectUri,
      state: p.state,
      response_type: 'code',
      scope: 'public_profile,email',
      code_challenge: await oidc.calculatePKCECodeChallenge(p.codeVerifier),
      code_challenge_method: 'S256',
    });
  });

  it('logs in with the app-scoped id, the name, the picture and the email', async () => {
    const identity = await (await setup()).identityOf('alice');
    expect(identity).toEqual({
      subject: expect.stringMatching(/^10\d{14}$/),
      name: 'Person alice',
      picture: 'https://img.example.com/facebook/alice.png',
      email: 'alice@facebook.example.com',
    });
  });

  it('refuses a code with another PKCE verifier, or used twice (36009), with 0300068', async () => {
    const { fake, adapter } = await setup();
    const callback = await signIn(fake, adapter, 'bob', authorizeParams('facebook'));
    const otherVerifier = { ...callback, codeVerifier: oidc.randomPKCECodeVerifier() };
    expect(await refusal(adapter.identity(otherVerifier))).toMatchObject({ code: AGAIN });
    const next = await signIn(fake, adapter, 'bob', authorizeParams('facebook'));
    await adapter.identity(next);
    expect(await refusal(adapter.identity(next))).toEqual({
      code: AGAIN,
      detail: 'facebook: /v23.0/oauth/access_token OAuthException 100/36009',
    });
  });

  it('sends the redirect_uri of the dialog: another one is refused (36008)', async () => {
    const answer = await (await setup()).exchangeRefusal('carol', { redirectUri: 'http://127.0.0.1:8080/x' });
    expect(answer.detail).toBe('facebook: /v23.0/oauth/access_token OAuthException 100/36008');
  });

  it('answers 0300066 for a wrong app secret (code 1) and during an outage', async () => {
    const wrong = await setup('not-the-secret');
    expect(await wrong.exchangeRefusal('dave')).toEqual({
      code: LATER,
      detail: 'facebook: /v23.0/oauth/access_token OAuthException 1/-',
    });
    expect((await (await setup()).duringOutage()).code).toBe(LATER);
  });
});
