/** The WeChat adapter against the local fake of WeChat's login and API (wechat.fake.ts). */
import { describe, expect, it } from 'vitest';
import { startOAuthFakes } from '../../../test/fakes/oauth/fakes.ts';
import {
  AGAIN,
  app,
  authorizeParams,
  fakesOfEachTest,
  LATER,
  nativeFlows,
  signIn,
  WECHAT_BROWSER,
} from '../../../test/fakes/oauth/native-support.ts';
import { createWechatAdapter } from './wechat.ts';

const WEB = app('wxwebsite0123456');
const MP = app('wxofficial0123456');
const track = fakesOfEachTest();

async function setup(o: { inApp?: boolean; unionid?: boolean; secret?: string } = {}) {
  const fake = track(await startOAuthFakes({ wx: { web: WEB, inApp: MP, unionid: o.unionid } }));
  const adapter = createWechatAdapter({
    app: { clientId: WEB.clientId, clientSecret: o.secret ?? WEB.clientSecret },
    inApp: o.inApp === false ? undefined : MP,
    apiBase: fake.base('wx'),
  });
  return nativeFlows('wx', fake, adapter);
}

describe('WeChat login', () => {
  it('makes the website QR URL: appid, redirect_uri, code, snsapi_login, state, #wechat_redirect', async () => {
    const adapter = createWechatAdapter({ app: WEB, inApp: MP, apiBase: undefined });
    const p = authorizeParams('wx');
    const { url, app: which } = await adapter.authorizeUrl(p);
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect([...u.searchParams]).toEqual([
      ['appid', WEB.clientId],
      ['redirect_uri', p.redirectUri],
      ['response_type', 'code'],
      ['scope', 'snsapi_login'],
      ['state', p.state],
    ]);
    expect(u.hash).toBe('#wechat_redirect');
    expect(which).toBeNull();
  });

  it('logs in with the unionid as the subject, the nickname and the head image', async () => {
    const { fake, adapter } = await setup();
    const callback = await signIn(fake, adapter, 'alice', authorizeParams('wx'));
    const identity = await adapter.identity(callback);
    expect(identity).toMatchObject({ name: 'Person alice', email: null });
    expect(identity.subject).toMatch(/^o[\w-]{27}$/);
    expect(identity.picture).toBe('https://img.example.com/wx/alice.png');
  });

  it('uses the official account in the WeChat browser: in-app URL, its secret, the same unionid', async () => {
    const { fake, adapter } = await setup();
    const inBrowser = authorizeParams('wx', WECHAT_BROWSER);
    const { url, app: which } = await adapter.authorizeUrl(inBrowser);
    const u = new URL(url);
    expect(u.pathname).toBe('/wx/connect/oauth2/authorize');
    expect(u.searchParams.get('appid')).toBe(MP.clientId);
    expect(u.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(which).toBe('inApp');
    // WeChat opens that URL only inside its browser
    await expect(fake.signIn(url, 'alice')).rejects.toThrow(/sign-in page/);
    const inApp = await adapter.identity(await signIn(fake, adapter, 'alice', inBrowser));
    const web = await adapter.identity(await signIn(fake, adapter, 'alice', authorizeParams('wx')));
    expect(inApp.subject).toBe(web.subject);
  });

  it('keeps the QR login in the WeChat browser when no official account is configured', async () => {
    const { adapter } = await setup({ inApp: false });
    const { url, app: which } = await adapter.authorizeUrl(authorizeParams('wx', WECHAT_BROWSER));
    expect(new URL(url).pathname).toBe('/wx/connect/qrconnect');
    expect(which).toBeNull();
  });

  it('falls back to the openid (one per app) without a unionid', async () => {
    const { fake, adapter } = await setup({ unionid: false });
    const web = await adapter.identity(await signIn(fake, adapter, 'bob', authorizeParams('wx')));
    const inApp = await adapter.identity(await signIn(fake, adapter, 'bob', authorizeParams('wx', WECHAT_BROWSER)));
    expect(web.subject).not.toBe(inApp.subject);
    expect(fake.issued.codes).toHaveLength(2);
  });

  it('refuses a code used twice (40163) or unknown (40029) with 0300068', async () => {
    const flows = await setup();
    expect(await flows.reusedCodeRefusal('carol')).toEqual({ code: AGAIN, detail: 'wechat: errcode 40163' });
    expect(await flows.exchangeRefusal('carol', { code: 'no-such-code' })).toEqual({
      code: AGAIN,
      detail: 'wechat: errcode 40029',
    });
  });

  it('answers 0300066 for a wrong app secret (40125) and during an outage', async () => {
    const wrong = await setup({ secret: 'not-the-secret' });
    expect(await wrong.exchangeRefusal('dave')).toMatchObject({
      code: LATER,
      detail: expect.stringContaining('40125'),
    });
    expect((await (await setup()).duringOutage()).code).toBe(LATER);
  });
});
