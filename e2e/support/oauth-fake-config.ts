/**
 * The local fakes of the native login providers in the e2e run
 * (server/src/adapters/oauth/fakes.ts, started by e2e/support/oauth-fake.ts):
 * WeChat for the China server, Facebook for the overseas one, each app
 * registered with the callback pages of its server, the way they would be at
 * open.weixin.qq.com and developers.facebook.com.
 */
import { port } from './ports.ts';

const base = `http://127.0.0.1:${port(8314)}`;
const cnOrigin = `http://127.0.0.1:${port(8302)}`;
const usPages = `http://127.0.0.1:${port(8301)}/account/secure`;

export const OAUTH_FAKE = {
  port: port(8314),
  url: base,
  /** Every code and access token the fakes issued (the log check searches for them). */
  issuedUrl: `${base}/issued`,
  /** WeChat checks the callback's domain. The website app (QR login)… */
  wx: {
    clientId: 'wxe2ewebsite0001',
    clientSecret: 'e2e-wechat-app-secret-0123456789',
    redirectUris: [`${cnOrigin}/`],
  },
  /** …and the official account, for the WeChat browser (one Open Platform account: one unionid). */
  wxInApp: {
    clientId: 'wxe2eofficial0001',
    clientSecret: 'e2e-wechat-official-secret-0123456789',
    redirectUris: [`${cnOrigin}/`],
  },
  /** Facebook checks the callback exactly (strict mode). */
  facebook: {
    clientId: '1029384756000001',
    clientSecret: 'e2e-facebook-app-secret-0123456789',
    redirectUris: [`${usPages}/third_bind/callback/facebook`, `${usPages}/login/callback/facebook`],
  },
};

/** A server's variables for the native adapter of `type`, talking to the fake (WeChat with its official account). */
export function nativeOAuthEnv(type: 'wx' | 'facebook'): string[] {
  const p = type.toUpperCase();
  const app = OAUTH_FAKE[type];
  const inApp = OAUTH_FAKE.wxInApp;
  return [
    `OAUTH_${p}_CLIENT_ID=${app.clientId}`,
    `OAUTH_${p}_CLIENT_SECRET=${app.clientSecret}`,
    `OAUTH_${p}_API_BASE=${OAUTH_FAKE.url}/${type}`,
    ...(type === 'wx'
      ? [`OAUTH_WX_INAPP_CLIENT_ID=${inApp.clientId}`, `OAUTH_WX_INAPP_CLIENT_SECRET=${inApp.clientSecret}`]
      : []),
  ];
}

/** The User-Agent of WeChat's in-app browser on a phone (MicroMessenger). */
export const WECHAT_BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323a) NetType/WIFI Language/en';
