/** OAUTH_* variables: which adapter each provider gets, and the settings that stop the start. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { NODE_ENV: 'test', REGION: 'cn' };
const creds = (p: string) => ({ [`OAUTH_${p}_CLIENT_ID`]: `${p}-id`, [`OAUTH_${p}_CLIENT_SECRET`]: `${p}-secret` });

describe('third-party login configuration', () => {
  it('selects the native adapter for wx, qq, weibo and facebook without an issuer', () => {
    const c = loadConfig({ ...base, ...creds('WX'), ...creds('QQ'), ...creds('WEIBO'), ...creds('FACEBOOK') });
    for (const p of ['wx', 'qq', 'weibo', 'facebook'] as const) {
      expect(c.oauth.providers[p]).toEqual({
        protocol: 'native',
        clientId: `${p.toUpperCase()}-id`,
        clientSecret: `${p.toUpperCase()}-secret`,
        apiBase: undefined,
      });
    }
    expect(c.oauth.wechatInApp).toBeUndefined();
    expect(c.oauth.facebookApiVersion).toBe('v23.0');
  });

  it('keeps OpenID Connect with an issuer, and the well-known issuers', () => {
    const c = loadConfig({
      ...base,
      ...creds('WX'),
      OAUTH_WX_ISSUER: 'https://broker.example.com',
      ...creds('GOOGLE'),
    });
    expect(c.oauth.providers.wx).toMatchObject({ protocol: 'oidc', issuer: 'https://broker.example.com' });
    expect(c.oauth.providers.google).toMatchObject({ protocol: 'oidc', issuer: 'https://accounts.google.com' });
    expect(c.oauth.providers.qq).toBeUndefined();
  });

  it('reads the WeChat official account, the API base and the Facebook version', () => {
    const c = loadConfig({
      ...base,
      ...creds('WX'),
      OAUTH_WX_INAPP_CLIENT_ID: 'wx-mp',
      OAUTH_WX_INAPP_CLIENT_SECRET: 'wx-mp-secret',
      OAUTH_WX_API_BASE: 'http://127.0.0.1:9555/wx',
      ...creds('FACEBOOK'),
      OAUTH_FACEBOOK_API_VERSION: 'v21.0',
    });
    expect(c.oauth.wechatInApp).toEqual({ clientId: 'wx-mp', clientSecret: 'wx-mp-secret' });
    expect(c.oauth.providers.wx).toMatchObject({ apiBase: 'http://127.0.0.1:9555/wx' });
    expect(c.oauth.facebookApiVersion).toBe('v21.0');
  });

  it.each([
    ['OAUTH_QQ_CLIENT_SECRET', { OAUTH_QQ_CLIENT_ID: 'id' }],
    ['OAUTH_KAKAO_CLIENT_ID', { OAUTH_KAKAO_CLIENT_SECRET: 'secret' }],
    ['OAUTH_WX_API_BASE', { ...creds('WX'), OAUTH_WX_ISSUER: 'https://b.example.com', OAUTH_WX_API_BASE: 'http://x/' }],
    ['OAUTH_WX_INAPP_CLIENT_SECRET', { ...creds('WX'), OAUTH_WX_INAPP_CLIENT_ID: 'wx-mp' }],
    ['OAUTH_WX_INAPP_CLIENT_ID', { OAUTH_WX_INAPP_CLIENT_ID: 'wx-mp', OAUTH_WX_INAPP_CLIENT_SECRET: 'secret' }],
    ['OAUTH_FACEBOOK_API_VERSION', { ...creds('FACEBOOK'), OAUTH_FACEBOOK_API_VERSION: '23' }],
  ])('refuses to start, naming %s', (name, env) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`^Invalid configuration: ${name} `, 'm'));
  });
});
