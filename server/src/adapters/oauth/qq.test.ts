/** The QQ adapter against the local fake of QQ Connect (qq.fake.ts). */
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
import { createQqAdapter } from './qq.ts';

const APP = app('101999888');
const track = fakesOfEachTest();

async function setup(o: { unionid?: boolean; secret?: string } = {}) {
  const fake = track(await startOAuthFakes({ qq: { app: APP, unionid: o.unionid } }));
  const adapter = createQqAdapter({
    app: { clientId: APP.clientId, clientSecret: o.secret ?? APP.clientSecret },
    apiBase: fake.base('qq'),
  });
  return nativeFlows('qq', fake, adapter);
}

describe('QQ login', () => {
  it('makes the authorize URL on graph.qq.com with client_id, redirect_uri, state and get_user_info', async () => {
    const p = authorizeParams('qq');
    const { url } = await createQqAdapter({ app: APP, apiBase: undefined }).authorizeUrl(p);
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe('https://graph.qq.com/oauth2.0/authorize');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      response_type: 'code',
      client_id: APP.clientId,
      redirect_uri: p.redirectUri,
      state: p.state,
      scope: 'get_user_info',
    });
  });

  it('asks for the mobile page from a phone', async () => {
    const { fake, adapter } = await setup();
    const phone = authorizeParams('qq', IPHONE);
    expect(new URL((await adapter.authorizeUrl(phone)).url).searchParams.get('display')).toBe('mobile');
    expect((await adapter.identity(await signIn(fake, adapter, 'alice', phone))).name).toBe('Person alice');
  });

  it('logs in with the unionid as the subject, the nickname and the 100px QQ head', async () => {
    const identity = await (await setup()).identityOf('alice');
    expect(identity).toEqual({
      subject: expect.stringMatching(/^UID_[0-9A-F]{32}$/),
      name: 'Person alice',
      picture: 'https://img.example.com/qq/alice/qq100',
      email: null,
    });
  });

  it('falls back to the openid without a unionid', async () => {
    const identity = await (await setup({ unionid: false })).identityOf('alice');
    expect(identity.subject).toMatch(/^[0-9A-F]{32}$/);
  });

  it('refuses a code used twice (100020) with 0300068', async () => {
    expect(await (await setup()).reusedCodeRefusal('bob')).toEqual({ code: AGAIN, detail: 'qq: error 100020' });
  });

  it('sends the redirect_uri of the authorize URL: another one is refused (100010)', async () => {
    const answer = await (await setup()).exchangeRefusal('carol', { redirectUri: 'http://127.0.0.1:8080/elsewhere' });
    expect(answer).toEqual({ code: LATER, detail: 'qq: /oauth2.0/token error 100010' });
  });

  it('answers 0300066 for a wrong app key (100009) and during an outage', async () => {
    const wrong = await setup({ secret: 'not-the-key' });
    expect(await wrong.exchangeRefusal('dave')).toEqual({
      code: LATER,
      detail: 'qq: /oauth2.0/token error 100009',
    });
    expect((await (await setup()).duringOutage()).code).toBe(LATER);
  });
});
