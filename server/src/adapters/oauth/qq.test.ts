/** The QQ adapter against the local fake of QQ Connect (qq.fake.ts). */
import { describe, expect, it } from 'vitest';
import { startOAuthFakes } from '../../../test/fakes/oauth/fakes.ts';
import {
  AGAIN,
  app,
  authorizeParams,
  duringOutage,
  fakesOfEachTest,
  IPHONE,
  LATER,
  refusal,
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
  return { fake, adapter };
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
    const { fake, adapter } = await setup();
    const identity = await adapter.identity(await signIn(fake, adapter, 'alice', authorizeParams('qq')));
    expect(identity).toEqual({
      subject: expect.stringMatching(/^UID_[0-9A-F]{32}$/),
      name: 'Person alice',
      picture: 'https://img.example.com/qq/alice/qq100',
      email: null,
    });
  });

  it('falls back to the openid without a unionid', async () => {
    const { fake, adapter } = await setup({ unionid: false });
    const identity = await adapter.identity(await signIn(fake, adapter, 'alice', authorizeParams('qq')));
    expect(identity.subject).toMatch(/^[0-9A-F]{32}$/);
  });

  it('refuses a code used twice (100020) with 0300068', async () => {
    const { fake, adapter } = await setup();
    const callback = await signIn(fake, adapter, 'bob', authorizeParams('qq'));
    await adapter.identity(callback);
    expect(await refusal(adapter.identity(callback))).toEqual({ code: AGAIN, detail: 'qq: error 100020' });
  });

  it('sends the redirect_uri of the authorize URL: another one is refused (100010)', async () => {
    const { fake, adapter } = await setup();
    const callback = await signIn(fake, adapter, 'carol', authorizeParams('qq'));
    const answer = await refusal(adapter.identity({ ...callback, redirectUri: 'http://127.0.0.1:8080/elsewhere' }));
    expect(answer).toEqual({ code: LATER, detail: 'qq: /oauth2.0/token error 100010' });
  });

  it('answers 0300066 for a wrong app key (100009) and during an outage', async () => {
    const wrong = await setup({ secret: 'not-the-key' });
    const callback = await signIn(wrong.fake, wrong.adapter, 'dave', authorizeParams('qq'));
    expect(await refusal(wrong.adapter.identity(callback))).toEqual({
      code: LATER,
      detail: 'qq: /oauth2.0/token error 100009',
    });
    const { fake, adapter } = await setup();
    expect((await duringOutage(fake, adapter, 'qq')).code).toBe(LATER);
  });
});
