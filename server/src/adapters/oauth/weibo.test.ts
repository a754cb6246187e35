/** The Weibo adapter against the local fake of Weibo's OAuth 2 (weibo.fake.ts). */
import { describe, expect, it } from 'vitest';
import { startOAuthFakes } from '../../../test/fakes/oauth/fakes.ts';
import {
  AGAIN,
  app,
  authorizeParams,
  fakesOfEachTest,
  IPHONE,
  LATER,
  nativeFlows,
  signIn,
} from '../../../test/fakes/oauth/native-support.ts';
import { createWeiboAdapter } from './weibo.ts';

const APP = app('3456789012');
const track = fakesOfEachTest();

async function setup(secret = APP.clientSecret) {
  const fake = track(await startOAuthFakes({ weibo: { app: APP } }));
  const adapter = createWeiboAdapter({
    app: { clientId: APP.clientId, clientSecret: secret },
    apiBase: fake.base('weibo'),
  });
  return nativeFlows('weibo', fake, adapter);
}

describe('Weibo login', () => {
  it('makes the authorize URL on api.weibo.com with client_id, redirect_uri, code and state', async () => {
    const p = authorizeParams('weibo');
    const { url } = await createWeiboAdapter({ app: APP, apiBase: undefined }).authorizeUrl(p);
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe('https://api.weibo.com/oauth2/authorize');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      client_id: APP.clientId,
      redirect_uri: p.redirectUri,
      response_type: 'code',
      state: p.state,
    });
  });

  it('asks for the mobile page from a phone', async () => {
    const { fake, adapter } = await setup();
    const phone = authorizeParams('weibo', IPHONE);
    expect(new URL((await adapter.authorizeUrl(phone)).url).searchParams.get('display')).toBe('mobile');
    expect((await adapter.identity(await signIn(fake, adapter, 'alice', phone))).name).toBe('Person alice');
  });

  it('logs in with the uid as the subject, the screen name and the large avatar', async () => {
    const identity = await (await setup()).identityOf('alice');
    expect(identity).toEqual({
      subject: expect.stringMatching(/^1\d{9}$/),
      name: 'Person alice',
      picture: 'https://img.example.com/weibo/alice/180',
      email: null,
    });
  });

  it('refuses a code used twice (21325 invalid_grant) with 0300068', async () => {
    expect(await (await setup()).reusedCodeRefusal('bob')).toEqual({
      code: AGAIN,
      detail: 'weibo: /oauth2/access_token error invalid_grant 21325',
    });
  });

  it('sends the redirect_uri of the authorize URL: another one is refused (21322)', async () => {
    expect(await (await setup()).exchangeRefusal('carol', { redirectUri: 'http://127.0.0.1:8080/x' })).toEqual({
      code: LATER,
      detail: 'weibo: /oauth2/access_token error redirect_uri_mismatch 21322',
    });
  });

  it('answers 0300066 for a wrong app secret (21324) and during an outage', async () => {
    const wrong = await setup('not-the-secret');
    expect(await wrong.exchangeRefusal('dave')).toEqual({
      code: LATER,
      detail: 'weibo: /oauth2/access_token error invalid_client 21324',
    });
    expect((await (await setup()).duringOutage()).code).toBe(LATER);
  });
});
